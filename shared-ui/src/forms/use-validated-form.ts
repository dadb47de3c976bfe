/** The one way every form validates: a submit checks every field, then those shown wrong follow (docs/forms.md). */
import { useEffect, useRef, useState, type RefObject } from 'react';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface ValidatedFormOptions<F extends string, V extends Record<F, string>> {
  /** Prefix of every control's id (`${formId}-${field}`), so the summary links to the fields. */
  formId: string;
  /** The fields the form shows, in screen order: the summary lists their messages in this order. */
  fields: readonly F[];
  initialValues: V;
  /** Every field's message for `values` (none for a valid field). */
  validate: (values: V) => FieldErrors<F>;
}

export interface SummaryItem {
  /** The id of the field's control. */
  id: string;
  message: string;
}

export interface ErrorSummaryProps {
  items: readonly SummaryItem[];
  summaryRef: RefObject<HTMLDivElement | null>;
}

export interface ValidatedForm<F extends string, V extends Record<F, string>> {
  values: V;
  errors: FieldErrors<F>;
  idOf(field: F): string;
  setValue(field: F, value: string): void;
  /** Checks every field and shows what is wrong; true when nothing is. */
  submit(): boolean;
  /** Shows `errors` as a submit does (a message the form learns otherwise, e.g. a missing e-mail for a reset). */
  show(errors: FieldErrors<F>): void;
  /** Back to `values` (or the initial ones) with nothing shown. */
  reset(values?: V): void;
  /** What the form's ErrorSummary shows. */
  summary: ErrorSummaryProps;
}

export function useValidatedForm<F extends string, V extends Record<F, string>>({
  formId,
  fields,
  initialValues,
  validate,
}: ValidatedFormOptions<F, V>): ValidatedForm<F, V> {
  // One state, so a value set later (an upload that ends while the member types) starts from the latest values.
  // `followed`: the fields the last submit showed wrong, which are checked as they change.
  const [state, setState] = useState<{ values: V; errors: FieldErrors<F>; followed: ReadonlySet<F> }>({
    values: initialValues,
    errors: {},
    followed: new Set(),
  });
  // Counts the submits that showed messages: each one moves focus to the summary, even with the same messages.
  const [shownAt, setShownAt] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const idOf = (field: F) => `${formId}-${field}`;

  useEffect(() => {
    if (shownAt) summaryRef.current?.focus();
  }, [shownAt]);

  const show = (found: FieldErrors<F>) => {
    const shown: FieldErrors<F> = {};
    for (const field of fields) if (found[field]) shown[field] = found[field];
    setState((current) => ({ ...current, errors: shown, followed: new Set(Object.keys(shown) as F[]) }));
    if (Object.keys(shown).length) setShownAt((count) => count + 1);
  };

  const setValue = (field: F, value: string) =>
    setState(({ values, errors, followed }) => {
      const next = { ...values, [field]: value };
      return {
        values: next,
        errors: followed.has(field) ? { ...errors, [field]: validate(next)[field] } : errors,
        followed,
      };
    });

  const submit = () => {
    const found = validate(state.values);
    show(found);
    return !fields.some((field) => found[field]);
  };

  const reset = (values: V = initialValues) => setState({ values, errors: {}, followed: new Set() });

  const items = fields.flatMap((field) => {
    const message = state.errors[field];
    return message ? [{ id: idOf(field), message }] : [];
  });

  return {
    values: state.values,
    errors: state.errors,
    idOf,
    setValue,
    submit,
    show,
    reset,
    summary: { items, summaryRef },
  };
}
