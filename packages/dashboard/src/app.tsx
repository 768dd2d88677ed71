/** The dashboard: sign-in with an admin key, then the live sections, refreshed every two seconds. */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { clientFor, clock, storedKey, storeKey, usePoll } from './data.ts';
import { Lookup } from './lookup.tsx';
import { Matches } from './matches.tsx';
import { Queues } from './queues.tsx';
import { Ratings } from './ratings.tsx';

const refreshMs = 2000;

function SignIn({ onKey, error }: { onKey: (key: string) => void; error: string | undefined }) {
  const [key, setKey] = useState('');
  return (
    <main class="signin">
      <form
        class="card"
        onSubmit={(event) => {
          event.preventDefault();
          onKey(key.trim());
        }}
      >
        <h1>
          <span class="logo" /> matchd
        </h1>
        <p class="muted">Sign in with an admin key. The local one is in data/admin-key (printed at start).</p>
        <input
          type="password"
          placeholder="admin key"
          aria-label="admin key"
          value={key}
          onInput={(event) => setKey((event.target as HTMLInputElement).value)}
        />
        <button type="submit">Sign in</button>
        {error === undefined ? null : <p class="error">{error}</p>}
      </form>
    </main>
  );
}

type Plot = { experiment: string; name: string; url: string };

/** The experiments' plots as thumbnails; a click opens one large (Escape or Close closes it). */
function Experiments({ plots }: { plots: readonly Plot[] }) {
  const [open, setOpen] = useState<Plot | undefined>(undefined);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open !== undefined && dialog.current?.open === false) dialog.current.showModal();
  }, [open]);
  if (plots.length === 0) return null;
  return (
    <section id="experiments" class="card">
      <div class="section-head">
        <h2>Experiments</h2>
        <p class="muted">
          The simulator's plots (docs/experiments): the seeds' results, reproduced. Click one to open it.
        </p>
      </div>
      <div class="plots">
        {plots.map((plot) => (
          <figure key={plot.url}>
            <button
              type="button"
              class="plot"
              onClick={() => setOpen(plot)}
              aria-label={`open ${plot.experiment} ${plot.name}`}
            >
              <img src={plot.url} alt={`${plot.experiment} ${plot.name}`} loading="lazy" />
            </button>
            <figcaption>
              {plot.experiment} · {plot.name}
            </figcaption>
          </figure>
        ))}
      </div>
      <dialog ref={dialog} class="plot-large" data-testid="plot-large" onClose={() => setOpen(undefined)}>
        {open === undefined ? null : (
          <figure>
            <img src={open.url} alt={`${open.experiment} ${open.name}`} />
            <figcaption>
              {open.experiment} · {open.name} ·{' '}
              <a href={open.url} target="_blank" rel="noopener">
                open the SVG
              </a>
            </figcaption>
          </figure>
        )}
        <form method="dialog" class="close">
          <button type="submit" class="ghost">
            Close
          </button>
        </form>
      </dialog>
    </section>
  );
}

function Dashboard({ keyValue, onSignOut }: { keyValue: string; onSignOut: () => void }) {
  const client = useMemo(() => clientFor(keyValue), [keyValue]);
  const insights = usePoll(() => client.getQueueInsights({ minutes: 30 }), refreshMs, [client]);
  const recent = usePoll(() => client.getRecentMatches({ limit: 15 }), refreshMs, [client]);
  const ratings = usePoll(() => client.getRatingDistributions(), 5000, [client]);
  const plots = usePoll(() => client.listExperimentPlots(), 60_000, [client]);
  const error = insights.error ?? recent.error;
  return (
    <>
      <header class="top">
        <h1>
          <span class="logo" /> matchd
        </h1>
        <nav>
          <a href="#queues">Queues</a>
          <a href="#matches">Matches</a>
          <a href="#ratings">Ratings</a>
          <a href="#lookup">Tickets</a>
          <a href="#experiments">Experiments</a>
          <a href="/docs">API</a>
        </nav>
        <div class="status">
          <span class={error === undefined ? 'dot live' : 'dot down'} />
          <span data-testid="updated">
            {error ??
              (insights.updatedAtMs === undefined ? 'connecting…' : `live · ${clock(insights.updatedAtMs)}`)}
          </span>
          <button type="button" class="ghost" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main>
        <Queues insights={insights.value} />
        <Matches recent={recent.value} />
        <div class="columns">
          <Ratings client={client} distributions={ratings.value} />
          <Lookup client={client} />
        </div>
        <Experiments plots={plots.value?.plots ?? []} />
      </main>
    </>
  );
}

export function App() {
  const [key, setKey] = useState<string | undefined>(storedKey());
  const [error, setError] = useState<string | undefined>(undefined);
  if (key === undefined) {
    return (
      <SignIn
        error={error}
        onKey={async (candidate) => {
          // Check the key before keeping it: an admin read must answer.
          try {
            await clientFor(candidate).getQueueInsights({ minutes: 1 });
            storeKey(candidate);
            setError(undefined);
            setKey(candidate);
          } catch {
            setError('That key is not an admin key of this server.');
          }
        }}
      />
    );
  }
  return (
    <Dashboard
      keyValue={key}
      onSignOut={() => {
        storeKey(undefined);
        setKey(undefined);
      }}
    />
  );
}
