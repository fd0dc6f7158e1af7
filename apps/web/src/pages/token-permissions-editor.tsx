import type { TokenEntityType } from '@gatehouse/settings-api';
import {
  ENTITY_TYPES,
  entityNameProblem,
  type FineGrainedState,
  type FormProblem,
  type ScopedRow,
  scopedRow,
  toggled,
} from './token-form-state';
import { groupsFor, permissionsApplying } from './token-permissions';

/**
 * The permissions of a fine-grained token, edited: your account's (the grant's `global`), one
 * entry per organization or repository with its own checkboxes, and gated repositories.
 */
export function TokenPermissionsEditor({
  value,
  onChange,
  problems,
}: {
  value: FineGrainedState;
  onChange: (next: FineGrainedState) => void;
  /** The form's own problems, shown once the person tried to send it. */
  problems: FormProblem[];
}) {
  const problem = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  const setRow = (index: number, change: Partial<ScopedRow>) =>
    onChange({
      ...value,
      scoped: value.scoped.map((row, position) =>
        position === index ? { ...row, ...change } : row,
      ),
    });
  const removeRow = (index: number) =>
    onChange({ ...value, scoped: value.scoped.filter((_row, position) => position !== index) });

  return (
    <>
      <fieldset className="field">
        <legend>Your account</legend>
        <p className="hint">What the token may do with your own repositories and account.</p>
        <PermissionChecks
          idPrefix="own"
          type="user"
          checked={value.own}
          onToggle={(name, on) => onChange({ ...value, own: toggled(value.own, name, on) })}
        />
        {value.global.length > 0 && (
          <p className="hint">
            Also, on everything your account reaches (given through the API, kept as it is):{' '}
            {value.global.map((name) => (
              <code key={name} className="chip">
                {name}
              </code>
            ))}
          </p>
        )}
      </fieldset>

      <fieldset className="field">
        <legend>Organizations and repositories</legend>
        <p className="hint">
          Give the token rights on an organization you belong to, or on one repository, by name.
        </p>
        {value.scoped.map((row, index) => {
          const nameProblem =
            problem(`scoped.${index}.name`) ??
            (row.name !== '' ? entityNameProblem(row.type, row.name) : null);
          const permissionsProblem = problem(`scoped.${index}.permissions`);
          const label = `Entry ${index + 1}`;
          return (
            <div key={row.key} className="card" role="group" aria-label={label}>
              <div className="inline-fields">
                <div className="field">
                  <label htmlFor={`scoped-type-${row.key}`}>Kind</label>
                  <select
                    id={`scoped-type-${row.key}`}
                    value={row.type}
                    onChange={(event) => {
                      const type = event.target.value as TokenEntityType;
                      setRow(index, {
                        type,
                        permissions: permissionsApplying(row.permissions, type),
                      });
                    }}
                  >
                    {ENTITY_TYPES.map(({ type, label: typeLabel }) => (
                      <option key={type} value={type}>
                        {typeLabel}
                      </option>
                    ))}
                  </select>
                </div>
                <div className={`field${nameProblem ? ' field-invalid' : ''}`}>
                  <label htmlFor={`scoped-name-${row.key}`}>Organization or repository name</label>
                  <input
                    id={`scoped-name-${row.key}`}
                    value={row.name}
                    placeholder={
                      row.type === 'org' || row.type === 'user' ? 'acme' : 'acme/bert-base'
                    }
                    aria-invalid={nameProblem ? true : undefined}
                    aria-describedby={nameProblem ? `scoped-name-${row.key}-error` : undefined}
                    onChange={(event) => setRow(index, { name: event.target.value })}
                  />
                </div>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={`Remove ${row.name || label.toLowerCase()}`}
                  onClick={() => removeRow(index)}
                >
                  Remove
                </button>
              </div>
              {nameProblem && (
                <p className="field-error" id={`scoped-name-${row.key}-error`}>
                  {nameProblem}
                </p>
              )}
              <PermissionChecks
                idPrefix={`scoped-${row.key}`}
                type={row.type}
                checked={row.permissions}
                onToggle={(name, on) =>
                  setRow(index, { permissions: toggled(row.permissions, name, on) })
                }
              />
              {permissionsProblem && <p className="field-error">{permissionsProblem}</p>}
            </div>
          );
        })}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange({ ...value, scoped: [...value.scoped, scopedRow()] })}
        >
          Add an organization or repository
        </button>
      </fieldset>

      <div className="field">
        <label className="choice">
          <input
            type="checkbox"
            checked={value.canReadGatedRepos}
            onChange={(event) => onChange({ ...value, canReadGatedRepos: event.target.checked })}
          />{' '}
          Read the public gated repositories you were granted access to
        </label>
      </div>
      {problem('fineGrained') && <p className="field-error">{problem('fineGrained')}</p>}
    </>
  );
}

function PermissionChecks({
  idPrefix,
  type,
  checked,
  onToggle,
}: {
  idPrefix: string;
  type: TokenEntityType;
  checked: readonly string[];
  onToggle: (name: string, on: boolean) => void;
}) {
  return (
    <>
      {groupsFor(type).map((group) => (
        <fieldset key={group.id} className="field" id={`${idPrefix}-${group.id}`}>
          <legend className="small">{group.label}</legend>
          {group.permissions.map((permission) => (
            <label key={permission.name} className="choice">
              <input
                type="checkbox"
                value={permission.name}
                checked={checked.includes(permission.name)}
                onChange={(event) => onToggle(permission.name, event.target.checked)}
              />
              <span>
                {permission.label} <code className="muted small">{permission.name}</code>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
    </>
  );
}
