import { data, Form, useNavigation } from "react-router";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import type { Route } from "./+types/contact";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { type ContactInput, ContactSchema } from "~/features/contact/domain/contact";
import type { FieldErrors } from "~/platform/core/form-errors";
import { m } from "~/platform/i18n/i18n.server";
import { clientAddress, hitRateLimit, LIMITS, RateLimitUnavailable } from "~/platform/rate-limit/rate-limit.server";
import { saveContactMessage } from "~/features/contact/server/save-contact-message.server";
import { contactErrors, tooManyAttempts } from "~/features/contact/server/contact-errors.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { useRootData } from "~/platform/render/root-data";
import { storeDetails } from "~/features/settings/server/store-details.server";
import { TextField } from "~/ui/text-field";
import { readFields } from "~/platform/http/read-form.server";
import { useToastKey } from "~/ui/use-toast-key";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.text.metaTitle }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic");
  const store = await storeDetails(context);
  return {
    expert: topic === "expert",
    // The page's words in its language (this page has no strings of the store layout's).
    text: {
      metaTitle: m.legal_contact_page_meta_title(),
      title: m.legal_contact_page_title(),
      intro: m.legal_contact_page_intro(),
      officeHeading: m.legal_contact_page_office_heading(),
      hours: m.legal_contact_page_hours({ hours: store.hours }),
      formLabel: m.legal_contact_page_form_label(),
      name: m.legal_contact_page_name(),
      email: m.legal_contact_page_email(),
      phone: m.legal_contact_page_phone(),
      replyHint: m.legal_contact_page_reply_hint(),
      subject: m.legal_contact_page_subject(),
      message: m.legal_contact_page_message(),
      expertSubject: m.legal_contact_page_expert_subject(),
      sending: m.legal_contact_page_sending(),
      send: m.legal_contact_page_send(),
    },
  };
}

/** The contact form's refusal: a message per field, or one for the whole form. */
const refuse = (errors: FieldErrors<ContactInput>, status: number) => data({ errors }, { status });

export async function action({ request, url }: Route.ActionArgs) {
  const parsed = ContactSchema.safeParse(await readFields(request));
  if (!parsed.success) return refuse(contactErrors(parsed.error.issues), 400);
  let limit: Awaited<ReturnType<typeof hitRateLimit>>;
  try {
    limit = await hitRateLimit(`contact:ip:${clientAddress(request)}`, LIMITS.contact);
  } catch (error) {
    if (!(error instanceof RateLimitUnavailable)) throw error;
    return refuse({ form: renderRefusal(error.refusal) }, error.status);
  }
  if (!limit.allowed) return refuse({ form: tooManyAttempts(limit.retryAfterSeconds) }, 429);
  await saveContactMessage(parsed.data);
  // A new page (so a refresh never sends it twice) with an empty form and the spec's thank-you.
  return redirectWithToast(samePage(url), { description: m.legal_contact_success() });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { store } = useRootData();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const text = loaderData.text;
  // Once a message is sent (a new toast) the form starts empty; a refused one keeps what was typed.
  const key = useToastKey();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">{text.title}</h1>
      <p className="mt-2 max-w-2xl text-stone-600">{text.intro}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-4 rounded-xl border border-stone-200 bg-white p-5">
          <h2 className="text-lg font-semibold text-stone-900">{text.officeHeading}</h2>
          <p className="flex gap-3 text-stone-700">
            <MapPin className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            {store.address}
          </p>
          <p className="flex items-center gap-3 text-stone-700">
            <Phone className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <a href={`tel:${store.phone.replace(/\s/g, "")}`} className="inline-flex min-h-11 items-center underline">
              {store.phone}
            </a>
          </p>
          <p className="flex items-center gap-3 text-stone-700">
            <Mail className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <a href={`mailto:${store.email}`} className="inline-flex min-h-11 items-center underline">
              {store.email}
            </a>
          </p>
          <p className="text-sm text-stone-600">{text.hours}</p>
        </aside>

        <Form key={key} method="post" noValidate className="rounded-xl border border-stone-200 bg-white p-5" aria-label={text.formLabel}>
          {errors.form ? (
            <p role="alert" className="mb-5 rounded-lg bg-red-50 p-3 font-medium text-red-800">
              {errors.form}
            </p>
          ) : null}
          <input type="hidden" name="kind" value={loaderData.expert ? "expert" : "contact"} />
          <TextField label={text.name} name="name" autoComplete="name" required maxLength={FIELD_MAX.name} error={errors.name} />
          {/* Either is enough to reply: a farmer without email gives a mobile number. */}
          <fieldset className="mt-4">
            <legend className="text-sm text-stone-700">{text.replyHint}</legend>
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <TextField
                label={text.email}
                name="email"
                type="email"
                autoComplete="email"
                maxLength={FIELD_MAX.email}
                error={errors.email}
              />
              <TextField
                label={text.phone}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="98765 43210"
                maxLength={FIELD_MAX.phone}
                error={errors.phone}
              />
            </div>
          </fieldset>
          <div className="mt-4">
            <TextField
              label={text.subject}
              name="subject"
              required
              maxLength={FIELD_MAX.subject}
              defaultValue={loaderData.expert ? text.expertSubject : undefined}
              error={errors.subject}
            />
          </div>
          <div className="mt-4">
            <TextField label={text.message} name="message" multiline required maxLength={FIELD_MAX.message} error={errors.message} />
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="mt-5 w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          >
            {submitting ? text.sending : text.send}
          </button>
        </Form>
      </div>
    </div>
  );
}
