import type { ReactNode } from "react";

/**
 * One of our pictures (SVG art or a farmer's upload) in its frame. The frame is drawn whether or
 * not there is a picture, so a card keeps its shape; `children` sit on the picture (a badge). The
 * picture is decorative unless `alt` names it; `lazy` for lists far down a page.
 */
export function Picture({
  src,
  width,
  height,
  className,
  imgClassName,
  alt = "",
  lazy = false,
  children,
}: {
  src: string | null;
  width: number;
  height: number;
  className: string;
  imgClassName: string;
  alt?: string;
  lazy?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own SVG art and uploads: nothing to optimise
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={lazy ? "lazy" : undefined}
          decoding={lazy ? "async" : undefined}
          className={imgClassName}
        />
      ) : null}
      {children}
    </div>
  );
}
