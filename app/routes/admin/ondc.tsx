import { data, Form } from "react-router";
import type { Route } from "./+types/ondc";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { Pager } from "~/ui/pager";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { readPageRequest } from "~/platform/core/pagination";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { readMessageFilter } from "~/features/ondc/domain/message-filter";
import { OndcAdminActionSchema } from "~/features/ondc/domain/igm";
import { readOndcIdentity } from "~/features/ondc/server/ondc-identity.server";
import { readOndcSwitch, saveOndcSwitch } from "~/features/ondc/server/ondc-switch.server";
import { isOndcSeller, listOndcSellers, ondcCitiesServed, readSettlementAccount } from "~/features/ondc/server/admin-ondc.server";
import { listOndcMessageHeads } from "~/features/ondc/server/message-log.server";
import { SellerLocationSchema, saveSellerLocation } from "~/features/ondc/server/seller-locations.server";
import { listOndcIssues, pushIssueStatus, resolveOndcIssue } from "~/features/ondc/server/ondc-issues.server";
import { OndcSellers, OndcSettlement } from "~/features/ondc/ui/ondc-sellers";
import { OndcLogFilters, OndcLogTable } from "~/features/ondc/ui/ondc-log";
import { OndcIssues } from "~/features/ondc/ui/ondc-issues";
import { OndcIdentityPanel } from "~/features/ondc/ui/ondc-identity";

export const meta: Route.MetaFunction = () => [{ title: "ONDC · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const filter = readMessageFilter(params);
  const [ondcSwitch, issues, log, sellers, settlement] = await Promise.all([
    readOndcSwitch(),
    listOndcIssues({ open: true }),
    listOndcMessageHeads({
      direction: filter.direction ?? undefined,
      action: filter.action ?? undefined,
      transactionId: filter.transactionId ?? undefined,
      signature: filter.signature ?? undefined,
      page: readPageRequest(params),
    }),
    listOndcSellers(),
    readSettlementAccount(),
  ]);
  return {
    identity: readOndcIdentity(),
    enabled: ondcSwitch.enabled,
    issues,
    filter,
    log,
    sellers,
    settlement,
    cities: ondcCitiesServed(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = OndcAdminActionSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(fieldErrors(parsed.error)) }, { status: 400 });
  if (parsed.data.intent === "switch") {
    const enabled = parsed.data.enabled === "on";
    await saveOndcSwitch({ enabled });
    return redirectWithToast("/admin/ondc", { description: enabled ? "ONDC is on: buyer apps' calls are answered." : "ONDC is off." });
  }
  if (parsed.data.intent === "location") {
    const { providerId, op } = parsed.data;
    if (!(await isOndcSeller(providerId))) return data({ error: "Choose the store or an approved vendor shop." }, { status: 400 });
    if (op === "clear") {
      await saveSellerLocation(providerId, null);
      return redirectWithToast("/admin/ondc", { description: "Location cleared: this seller is not listed on ONDC until it is set." });
    }
    const location = SellerLocationSchema.safeParse({ gps: parsed.data.gps, city: parsed.data.city });
    if (!location.success) {
      return data({ error: firstError(fieldErrors(location.error)), providerId }, { status: 400 });
    }
    await saveSellerLocation(providerId, location.data);
    return redirectWithToast("/admin/ondc", { description: "Location saved: this seller is listed on ONDC for its city." });
  }
  // Stored first, then pushed: a push that fails leaves the resolution for the buyer app's next issue_status.
  const result = await resolveOndcIssue({ id: parsed.data.id, note: parsed.data.note, action: parsed.data.action }, pushIssueStatus);
  if (!result.ok) {
    return data(
      { error: "That grievance is no longer open. Please reload the page." },
      { status: result.reason === "not-found" ? 404 : 409 },
    );
  }
  return redirectWithToast("/admin/ondc", { description: "Grievance resolved; the buyer app is told." });
}

export default function AdminOndc({ loaderData, actionData }: Route.ComponentProps) {
  const { identity, enabled, issues, filter, log, sellers, settlement, cities } = loaderData;
  const filtered = Object.values(filter).some((v) => v !== null);
  // A refused location is shown at its seller's form; any other refusal at the top.
  const locationError =
    actionData && "providerId" in actionData && typeof actionData.providerId === "string"
      ? { providerId: actionData.providerId, message: actionData.error }
      : null;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">ONDC</h1>
      <p className="mt-1 text-sm text-stone-600">
        Selling to buyer apps on India's Open Network for Digital Commerce, as a seller app for agricultural inputs (ONDC:AGR10).
      </p>
      <FormError message={locationError ? undefined : actionData?.error} />
      <OndcIdentityPanel identity={identity} />
      <section aria-labelledby="ondc-switch-title" className="mt-4 rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h2 id="ondc-switch-title" className="font-bold text-stone-900">
          Taking ONDC calls
        </h2>
        <p className="mt-1 text-sm text-stone-700" data-testid="ondc-switch-state">
          {enabled
            ? "On: buyer apps can search the catalogue and place orders."
            : "Off: buyer apps are told the store is unavailable (ONDC error 30017)."}
          {enabled && !identity.configured ? " ONDC is not configured on this server, so nothing reaches the network yet." : ""}
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="enabled" value={enabled ? "off" : "on"} />
          <button
            type="submit"
            name="intent"
            value="switch"
            className={`h-10 rounded-lg px-4 font-semibold ${enabled ? "border border-stone-300 bg-white text-stone-900" : "bg-brand-700 text-white"}`}
          >
            {enabled ? "Turn ONDC off" : "Turn ONDC on"}
          </button>
        </Form>
      </section>
      <OndcSettlement settlement={settlement} />
      <OndcSellers sellers={sellers} cities={cities} error={locationError} />
      <section aria-labelledby="ondc-issues-title" className="mt-6">
        <h2 id="ondc-issues-title" className="text-lg font-bold text-stone-900">
          Open grievances
        </h2>
        <OndcIssues issues={issues} canResolve />
      </section>
      <section aria-labelledby="ondc-log-title" className="mt-6">
        <h2 id="ondc-log-title" className="text-lg font-bold text-stone-900">
          Protocol messages
        </h2>
        <p className="mt-1 text-sm text-stone-600">Every call in and callback out, newest first; open an action to read its body.</p>
        <OndcLogFilters filter={filter} />
        <Pager page={log} noun={["message", "messages"]} className="mt-3" />
        <div className="mt-3">
          <OndcLogTable rows={log.rows} filtered={filtered} />
        </div>
        <Pager page={log} noun={["message", "messages"]} className="mt-3" />
      </section>
    </div>
  );
}
