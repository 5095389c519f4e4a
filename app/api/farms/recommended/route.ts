import { recommendFarms } from "@/lib/server/catalog/recommend";
import { route } from "@/lib/server/http/route";
import { farmListQuery } from "@/lib/validators/catalog";

export const GET = route({ auth: "required", query: farmListQuery }, ({ user, query }) => recommendFarms(user.id, query));
