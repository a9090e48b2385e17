/** Why the last submission was refused, announced to screen readers. (Success is a toast: see app/platform/toast/toast.server.ts.) */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 [overflow-wrap:anywhere]">
      {message}
    </p>
  );
}
