import {
  type ChangeEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useState,
} from 'react';
import { api, ApiFailure } from './api';

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
 * A labelled input with its hint and the API's error for this field, announced to screen readers.
 * The error stays until the person edits the field (a new answer of the API shows it again).
 */
export function Field({
  label,
  hint,
  error: apiError,
  textarea,
  rows,
  id,
  onChange,
  ...input
}: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [editedAfter, setEditedAfter] = useState<string | null>(null);
  useEffect(() => setEditedAfter(null), [apiError]);
  const error = apiError && editedAfter !== apiError ? apiError : null;
  const change: ChangeEventHandler<HTMLInputElement> = (event) => {
    if (apiError) setEditedAfter(apiError);
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

/** A secret shown once, with a button that copies it. */
export function OnceValue({ label, value, note }: { label: string; value: string; note: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="notice notice-success" role="status">
      <p>
        <strong>{label}</strong> {note}
      </p>
      <div className="once-value">
        <code data-testid="once-value">{value}</code>
        <button type="button" className="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
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
}: {
  label: string;
  short?: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={short ? 'button button-danger-quiet' : 'button button-danger'}
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

/** Runs a form submission: busy while it runs, the API's error (and its field) kept for the form. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const run = useCallback(async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setFailure(null);
    try {
      return await work();
    } catch (error) {
      setFailure(asFailure(error));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  const fieldError = (field: string) => (failure?.field === field ? failure.fieldMessage : null);
  return { busy, failure, run, fieldError, clear: () => setFailure(null) };
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
