import { formatDuration } from '../ui/format-duration';
import { useNow } from '../ui/use-now';

/** How long the server has been up; ticks on its own so the rest of the row renders only on pushes. */
export function Uptime({ since }: { since: string | null }) {
  if (since === null) return <>—</>;
  return <Ticking since={since} />;
}

function Ticking({ since }: { since: string }) {
  const now = useNow();
  return <>{formatDuration(now - Date.parse(since))}</>;
}
