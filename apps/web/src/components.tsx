import {
  type ChangeEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { api, ApiFailure } from './api';
import { Link } from './router';

/** The page where a person sets up a second factor, named by refusals that send them there. */
const SECOND_FACTOR_SETUP = '/settings/account/security';

export type Resource<T> =
  { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'error'; failure: ApiFailure };

/** GETs a path and re-reads it on `reload()`; the page shows loading, error or the data. */
export function useResource<T>(path: string | null): Resource<T> & { reload: () => void } {
  const [state, setState] = useState<Resource<T>>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  useEffect(() => {
    if (path === null) return;
    let current = true;
    api<T>('GET', path).then(
      (data) => current && setState({ kind: 'ready', data }),
      (failure: unknown) => current && setState({ kind: 'error', failure: asFailure(failure) }),
    );
    return () => {
      current = false;
    };
  }, [path, generation]);
  return { ...state, reload };
}

export function asFailure(error: unknown): ApiFailure {
  return error instanceof ApiFailure
    ? error
    : new ApiFailure(0, error instanceof Error ? error.message : String(error), null, '');
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </p>
  );
}

export function ErrorNotice({
  failure,
  onRetry,
}: {
  failure: ApiFailure | string;
  onRetry?: () => void;
}) {
  const message = typeof failure === 'string' ? failure : failure.message;
  return (
    <div className="notice notice-error" role="alert">
      <p>{message}</p>
      {/* An organization that requires two factors says where to set one up: a link gets there. */}
      {message.includes(SECOND_FACTOR_SETUP) && (
        <p>
          <Link href={SECOND_FACTOR_SETUP}>Set up two-factor authentication</Link>
        </p>
      )}
      {onRetry && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function NotFound({ what, back }: { what: string; back: ReactNode }) {
  return (
    <section className="card">
      <h1>Not found</h1>
      <p>This {what} does not exist, or it is not yours.</p>
      <p>{back}</p>
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}

/** Shows what a page's data became: loading, an error (404 as "not found"), or the page itself. */
export function Loaded<T>({
  resource,
  what,
  notFound,
  children,
}: {
  resource: Resource<T> & { reload: () => void };
  what: string;
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (resource.kind === 'loading') return <Loading what={what} />;
  if (resource.kind === 'error') {
    if (resource.failure.notFound && notFound) return <>{notFound}</>;
    return <ErrorNotice failure={resource.failure} onRetry={resource.reload} />;
  }
  return <>{children(resource.data)}</>;
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string | null;
  textarea?: boolean;
  rows?: number;
};

/**
 * A labelled input with its hint and its problem (found before sending, or named by the API),
 * announced to screen readers. The problem hides once the person edits the field, and shows again
 * if the next submission of its form still finds it.
 */
export function Field({
  label,
  hint,
  error: problem,
  textarea,
  rows,
  id,
  onChange,
  ...input
}: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [edited, setEdited] = useState(false);
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => setEdited(false), [problem]);
  useEffect(() => {
    const form = control.current?.form;
    if (!form) return;
    const submitted = () => setEdited(false);
    form.addEventListener('submit', submitted);
    return () => form.removeEventListener('submit', submitted);
  }, []);
  const error = problem && !edited ? problem : null;
  const change: ChangeEventHandler<HTMLInputElement> = (event) => {
    if (problem) setEdited(true);
    onChange?.(event);
  };
  const describedBy =
    [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p className="hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
      {textarea ? (
        <textarea
          ref={control}
          id={inputId}
          rows={rows ?? 3}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          name={input.name}
          value={input.value as string}
          required={input.required}
          onChange={change as unknown as ChangeEventHandler<HTMLTextAreaElement>}
          placeholder={input.placeholder}
        />
      ) : (
        <input
          ref={control}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={change}
          {...input}
        />
      )}
      {error && (
        <p className="field-error" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The password asked again before a change to the account (its address, password, factors or
 * deletion): the one password field every such form shows, so browsers fill it alike.
 */
export function CurrentPasswordField({
  label = 'Password',
  name = 'password',
  value,
  onValue,
}: {
  label?: string;
  name?: string;
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <Field
      label={label}
      type="password"
      name={name}
      autoComplete="current-password"
      value={value}
      onChange={(event) => onValue(event.target.value)}
      required
    />
  );
}

/**
 * Copies a value and says "Copied" only for the value that was copied: when the value changes
 * (the next token, a new secret) the button says "Copy" again.
 */
function useCopy(value: string): { copied: boolean; copy: () => Promise<void> } {
  const [copiedValue, setCopiedValue] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopiedValue(value);
    } catch {
      setCopiedValue(null);
    }
  };
  return { copied: copiedValue === value, copy };
}

/** A secret shown once, with a button that copies it. */
export function OnceValue({ label, value, note }: { label: string; value: string; note: string }) {
  const { copied, copy } = useCopy(value);
  return (
    <div className="notice notice-success" role="status">
      <p>
        <strong>{label}</strong> {note}
      </p>
      <div className="once-value">
        <code data-testid="once-value">{value}</code>
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

/** A kept secret, masked until the person asks to see it; Copy works either way. */
export function MaskedSecret({ label, value }: { label: string; value: string }) {
  const [shown, setShown] = useState(false);
  const { copied, copy } = useCopy(value);
  return (
    <div className="once-value" role="group" aria-label={label}>
      <code data-testid="masked-secret">
        {shown ? value : '•'.repeat(Math.min(value.length, 24))}
      </code>
      <button
        type="button"
        className="button button-secondary"
        aria-pressed={shown}
        onClick={() => setShown((current) => !current)}
      >
        {shown ? 'Hide' : 'Reveal'}
      </button>
      <button type="button" className="button button-secondary" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

/** What the last create, save or delete did, shown in a fixed status region (see `StatusRegion`). */
let outcome: { message: string; serial: number } | null = null;
const outcomeListeners = new Set<() => void>();

/** Says what just happened ("Token deleted.") in view and to screen readers, wherever the page is scrolled. */
export function announce(message: string): void {
  outcome = { message, serial: (outcome?.serial ?? 0) + 1 };
  outcomeListeners.forEach((listener) => listener());
}

function subscribeOutcome(listener: () => void): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

/**
 * The one place outcomes are shown: fixed at the bottom of the viewport, so it is in view after a
 * save at the end of a long form, and a polite live region present from the first render, so
 * screen readers announce each new message.
 */
export function StatusRegion() {
  const current = useSyncExternalStore(subscribeOutcome, () => outcome);
  return (
    <div className="status-region" role="status" aria-live="polite">
      {current && (
        <p className="status-message" key={current.serial}>
          <span>{current.message}</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              outcome = null;
              outcomeListeners.forEach((listener) => listener());
            }}
          >
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * A destructive action that asks once more before it acts. In a list, `short` is the visible text
 * (e.g. "Delete") while `label` stays its accessible name ("Delete laptop CLI"), and the button is
 * quiet so a column of them does not shout.
 */
export function ConfirmButton({
  label,
  short,
  confirmLabel,
  onConfirm,
  busy,
  warning,
  quiet,
}: {
  label: string;
  short?: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  /** What confirming breaks, said beside the confirm button (e.g. the running app's secret stops working). */
  warning?: string;
  /** A secondary-looking first button, for actions that break things without deleting them. */
  quiet?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={
          quiet
            ? 'button button-secondary'
            : short
              ? 'button button-danger-quiet'
              : 'button button-danger'
        }
        aria-label={short ? label : undefined}
        onClick={() => setAsking(true)}
        disabled={busy}
      >
        {short ?? label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={label}>
      {warning && <span className="confirm-warning">{warning}</span>}
      <button
        type="button"
        className="button button-danger"
        onClick={() => (setAsking(false), onConfirm())}
        autoFocus
      >
        {confirmLabel}
      </button>
      <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

export function When({ iso }: { iso: string | null }) {
  if (!iso) return <span className="muted">never</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={date.toISOString()}>
      {date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}

/**
 * Runs a form submission: busy while it runs, the API's error kept for the form. Field problems,
 * found before sending (`showProblems`) or named by the API, are shown beside their fields all at
 * once, in the page's words (`words`, by field, replaces the API's validator text), and focus moves
 * to the first invalid field of the form holding `formRef`.
 */
export function useSubmit(words: Record<string, string> = {}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  const run = useCallback(async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setFailure(null);
    setProblems({});
    try {
      return await work();
    } catch (error) {
      setFailure(asFailure(error));
      setAttempt((value) => value + 1);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  /** Shows the problems found before sending; true when there were none (go ahead and send). */
  const showProblems = (found: Record<string, string | null | undefined>): boolean => {
    const kept: Record<string, string> = {};
    for (const [field, message] of Object.entries(found)) if (message) kept[field] = message;
    setProblems(kept);
    setFailure(null);
    const clean = Object.keys(kept).length === 0;
    if (!clean) setAttempt((value) => value + 1);
    return clean;
  };
  const fieldError = (field: string): string | null =>
    problems[field] ?? (failure?.field === field ? (words[field] ?? failure.fieldMessage) : null);
  return {
    busy,
    failure,
    run,
    fieldError,
    showProblems,
    formRef,
    clear: () => (setFailure(null), setProblems({})),
  };
}

/** The form-level error: shown unless the API named a field this form has. */
export function FormError({ failure, fields }: { failure: ApiFailure | null; fields: string[] }) {
  if (!failure || (failure.field !== null && fields.includes(failure.field))) return null;
  return <ErrorNotice failure={failure} />;
}

/**
 * Where a cursor-paged list stands: the page shown (`cursor`, null for the first) and the cursors
 * of the newer pages already read, so Newer walks back.
 */
export interface CursorPages {
  cursor: string | null;
  stack: (string | null)[];
}

export const FIRST_PAGE: CursorPages = { cursor: null, stack: [] };

/** Newer and Older under a cursor-paged list; nothing while there is a single page. */
export function PageButtons({
  pages,
  setPages,
  nextCursor,
}: {
  pages: CursorPages;
  setPages: (update: (pages: CursorPages) => CursorPages) => void;
  nextCursor: string | null;
}) {
  if (pages.stack.length === 0 && !nextCursor) return null;
  return (
    <div className="button-row">
      <button
        type="button"
        className="button button-secondary"
        disabled={pages.stack.length === 0}
        onClick={() =>
          setPages(({ stack }) => ({ cursor: stack.at(-1) ?? null, stack: stack.slice(0, -1) }))
        }
      >
        Newer
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={!nextCursor}
        onClick={() =>
          setPages(({ cursor, stack }) => ({ cursor: nextCursor, stack: [...stack, cursor] }))
        }
      >
        Older
      </button>
    </div>
  );
}
