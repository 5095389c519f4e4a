import type { Endpoint } from "./endpoint";
import { accountApi } from "./account";
import { adjustmentsApi } from "./adjustments";
import { businessApi } from "./business";
import { catalogApi } from "./catalog";
import { documentsApi } from "./documents";
import { farmApi } from "./farm";
import { fulfilmentApi } from "./fulfilment";
import { farmHubsApi, hubsApi } from "./hubs";
import { messagesApi } from "./messages";
import { notificationsApi } from "./notifications";
import { operationsApi } from "./operations";
import { opsApi } from "./ops";
import { ordersApi } from "./orders";
import { passkeysApi, twoStepApi } from "./passkeys";
import { farmPayoutsApi, paymentsApi } from "./payments";
import { securityApi } from "./security";
import { sessionApi } from "./session";
import { sharesApi } from "./shares";
import { standingApi } from "./standing";
import { submissionsApi } from "./submissions";
import { walletApi } from "./wallet";

/**
 * Every endpoint of /api, in the order of the API document. A new domain's contracts file is added
 * here; tests/contracts/registry.test.ts fails when a route file and this list disagree.
 */
export const endpoints: Endpoint[] = [
  sessionApi,
  securityApi,
  passkeysApi,
  twoStepApi,
  catalogApi,
  messagesApi,
  ordersApi,
  adjustmentsApi,
  walletApi,
  paymentsApi,
  farmPayoutsApi,
  farmApi,
  fulfilmentApi,
  businessApi,
  standingApi,
  sharesApi,
  hubsApi,
  farmHubsApi,
  accountApi,
  notificationsApi,
  documentsApi,
  submissionsApi,
  operationsApi,
  opsApi,
].flatMap((api) => Object.values(api));
