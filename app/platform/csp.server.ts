/** The origins a page that takes payments may use beyond our own (services/payments/endpoints.server.ts). */
export type PaymentOrigins = { script: string[]; frame: string[]; connect: string[]; form: string[] };

/**
 * The storefront's Content Security Policy: scripts only from us or with this response's nonce.
 * The pages that pay (checkout and the order page) also allow exactly the gateways' script, frame,
 * connect and form-target origins. With pictures served from a bucket or CDN (PUBLIC_ASSET_BASE), images
 * may come from its origin too.
 */
export function contentSecurityPolicy(nonce: string, payments?: PaymentOrigins, imageOrigin?: string): string {
  const extra = (list: string[] | undefined) => (list && list.length > 0 ? ` ${[...new Set(list)].join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra(payments?.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigin ? ` ${imageOrigin}` : ""}`,
    "font-src 'self'",
    `connect-src 'self'${extra(payments?.connect)}`,
    ...(payments ? [`frame-src${extra(payments.frame)}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${extra(payments?.form)}`,
    "frame-ancestors 'none'",
  ].join("; ");
}
