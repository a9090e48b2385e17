/** The result of the last admin action: a success note or an error, announced to screen readers. */
export function Flash({ result }: { result?: { ok: boolean; message?: string; error?: string } | null }) {
  if (!result) return null;
  const text = result.ok ? result.message : result.error;
  if (!text) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-4 rounded-lg p-3 text-sm font-medium [overflow-wrap:anywhere] ${result.ok ? "bg-brand-50 text-brand-900" : "bg-red-50 text-red-800"}`}
    >
      {text}
    </p>
  );
}
