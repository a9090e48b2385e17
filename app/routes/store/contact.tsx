import { data, Form, useNavigation } from "react-router";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import type { Route } from "./+types/contact";
import { FIELD_MAX } from "~/domain/account-rules";
import { type ContactInput, ContactSchema } from "~/domain/contact";
import { type FieldErrors, fieldErrors } from "~/domain/form-errors";
import { CONTACT_SUCCESS, TOO_MANY_ATTEMPTS } from "~/domain/messages";
import { clientAddress, hitRateLimit, LIMITS, RateLimitUnavailable } from "~/services/security/rate-limit.server";
import { saveContactMessage } from "~/services/contact/save-contact-message.server";
import { useRootData } from "~/lib/root-data";
import { TextField } from "~/components/ui/text-field";
import { readFields } from "~/lib/read-form.server";
import { useToastKey } from "~/lib/use-toast-key";
import { redirectWithToast, samePage } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Contact us · Angle" }];

export function loader({ request }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic");
  return { expert: topic === "expert" };
}

/** The contact form's refusal: a message per field, or one for the whole form. */
const refuse = (errors: FieldErrors<ContactInput>, status: number) => data({ errors }, { status });

export async function action({ request, url }: Route.ActionArgs) {
  const parsed = ContactSchema.safeParse(await readFields(request));
  if (!parsed.success) return refuse(fieldErrors(parsed.error), 400);
  let limit: Awaited<ReturnType<typeof hitRateLimit>>;
  try {
    limit = await hitRateLimit(`contact:ip:${clientAddress(request)}`, LIMITS.contact);
  } catch (error) {
    if (!(error instanceof RateLimitUnavailable)) throw error;
    return refuse({ form: error.message }, error.status);
  }
  if (!limit.allowed) return refuse({ form: TOO_MANY_ATTEMPTS(limit.retryAfterSeconds) }, 429);
  await saveContactMessage(parsed.data);
  // A new page (so a refresh never sends it twice) with an empty form and the spec's thank-you.
  return redirectWithToast(samePage(url), { description: CONTACT_SUCCESS });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { store } = useRootData();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  // Once a message is sent (a new toast) the form starts empty; a refused one keeps what was typed.
  const key = useToastKey();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">Contact us</h1>
      <p className="mt-2 max-w-2xl text-stone-600">
        Questions about a product, an order or your crop? Write to us and our team — including our agronomy experts — will reply within one
        working day.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-4 rounded-xl border border-stone-200 bg-white p-5">
          <h2 className="text-lg font-semibold text-stone-900">Our office</h2>
          <p className="flex gap-3 text-stone-700">
            <MapPin className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            {store.address}
          </p>
          <p className="flex gap-3 text-stone-700">
            <Phone className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <a href={`tel:${store.phone.replace(/\s/g, "")}`} className="underline">
              {store.phone}
            </a>
          </p>
          <p className="flex gap-3 text-stone-700">
            <Mail className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <a href={`mailto:${store.email}`} className="underline">
              {store.email}
            </a>
          </p>
          <p className="text-sm text-stone-600">
            Phone support: Monday to Saturday, 9 am – 7 pm IST. Expert advice by call-back, every day.
          </p>
        </aside>

        <Form key={key} method="post" noValidate className="rounded-xl border border-stone-200 bg-white p-5" aria-label="Contact form">
          {errors.form ? (
            <p role="alert" className="mb-5 rounded-lg bg-red-50 p-3 font-medium text-red-800">
              {errors.form}
            </p>
          ) : null}
          <input type="hidden" name="kind" value={loaderData.expert ? "expert" : "contact"} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Name" name="name" autoComplete="name" required maxLength={FIELD_MAX.name} error={errors.name} />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={FIELD_MAX.email}
              error={errors.email}
            />
          </div>
          <div className="mt-4">
            <TextField
              label="Subject"
              name="subject"
              required
              maxLength={FIELD_MAX.subject}
              defaultValue={loaderData.expert ? "Talk to a farming expert" : undefined}
              error={errors.subject}
            />
          </div>
          <div className="mt-4">
            <TextField label="Message" name="message" multiline required maxLength={FIELD_MAX.message} error={errors.message} />
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="mt-5 w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          >
            {submitting ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
    </div>
  );
}
