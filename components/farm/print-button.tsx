"use client";
import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";

export function PrintButton({ label = "Print" }: { label?: string }) {
  return (
    <Button variant="outline" size="lg" onClick={() => window.print()}>
      <Printer aria-hidden className="h-4 w-4" />
      {label}
    </Button>
  );
}
