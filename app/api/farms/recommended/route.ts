import { catalogApi } from "@/lib/contracts/catalog";
import { recommendFarms } from "@/lib/server/catalog/recommend";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.recommendedFarms, ({ user, query }) => recommendFarms(user.id, query)),
);
