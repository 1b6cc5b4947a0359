import { useId, type ReactNode } from 'react';
import type { FieldIssue } from '../../../domain/wizard.ts';
import type { FieldOption, FieldSpec } from '../../../domain/wizardFields.ts';
import { section as sectionStyle, sectionTitle, stepForm } from './ApplicationWizard.css.ts';
import { ReadOnlyList } from '../../ui/ReadOnlyField.tsx';
import { WizardField } from './WizardField.tsx';

export interface WizardStepFormProps {
  /** The step to show (FundWizardDefinition.steps[].id). */
  stepId: string;
  /** Every field of the fund in display order (PUI_FIELDS); only this step's are drawn. */
  fields: readonly FieldSpec[];
  values: unknown;
  /** Every current problem (the definition's validate()); each field shows its own. */
  issues: readonly FieldIssue[];
  /** Reference lists by `source` name, undefined while one loads. */
  lookups: Readonly<Record<string, readonly FieldOption[] | undefined>>;
  readOnly?: boolean;
  showAllIssues?: boolean;
  onChange(name: string, value: unknown): void;
  /** Read-only in the Riepilogo: each answer's «Modifica». */
  onEdit?(name: string): void;
  /**
   * Issue 44: what an open integration round asks of a field, drawn in its place (highlighted, and the only thing
   * the applicant may change); null for a field it does not name.
   */
  renderCorrection?(field: FieldSpec, values: unknown): ReactNode | null;
}

interface FieldGroup {
  section: string | undefined;
  fields: FieldSpec[];
}

/** Neighbouring fields of one section, in order: a section's title appears once, above its fields. */
function groupBySection(fields: readonly FieldSpec[]): FieldGroup[] {
  const groups: FieldGroup[] = [];
  for (const field of fields) {
    const last = groups.at(-1);
    if (last && last.section === field.section) last.fields.push(field);
    else groups.push({ section: field.section, fields: [field] });
  }
  return groups;
}

/** The fields of one wizard step, grouped by section (each a fieldset named by its title). */
export function WizardStepForm({
  stepId,
  fields,
  values,
  issues,
  lookups,
  readOnly = false,
  showAllIssues = false,
  onChange,
  onEdit,
  renderCorrection,
}: WizardStepFormProps) {
  const groups = groupBySection(fields.filter((field) => field.step === stepId));
  const issueOf = (name: string) => issues.find((issue) => issue.field === name)?.message ?? null;
  const renderField = (field: FieldSpec) => (
    <WizardField
      key={field.name}
      field={field}
      values={values}
      issue={issueOf(field.name)}
      showAllIssues={showAllIssues}
      readOnly={readOnly}
      options={field.source ? lookups[field.source] : undefined}
      onChange={onChange}
      onEdit={onEdit}
    />
  );
  // Read-only, the fields are the terms and values of a description list (ReadOnlyField), not boxes; a field an
  // integration round names is drawn in its place, outside the list.
  const fieldsOf = (group: FieldGroup) => {
    if (!readOnly) return group.fields.map(renderField);
    const runs: ReactNode[] = [];
    let run: FieldSpec[] = [];
    const flush = () => {
      if (run.length > 0) runs.push(<ReadOnlyList key={`list-${runs.length}`}>{run.map(renderField)}</ReadOnlyList>);
      run = [];
    };
    for (const field of group.fields) {
      const correction = renderCorrection?.(field, values) ?? null;
      if (correction === null) {
        run.push(field);
        continue;
      }
      flush();
      runs.push(<div key={`correction-${field.name}`}>{correction}</div>);
    }
    flush();
    return runs;
  };
  return (
    <div className={stepForm}>
      {groups.map((group, index) =>
        group.section === undefined ? (
          <div key={`group-${index}`}>{fieldsOf(group)}</div>
        ) : (
          <Section key={`group-${index}`} title={group.section}>
            {fieldsOf(group)}
          </Section>
        ),
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  // A fieldset named by a heading: screen readers hear the section on entering it, and can jump by heading.
  return (
    <fieldset className={sectionStyle} aria-labelledby={titleId}>
      <h3 id={titleId} className={sectionTitle}>
        {title}
      </h3>
      {children}
    </fieldset>
  );
}
