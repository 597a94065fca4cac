import {
  BuiltInPolicyType,
  DecisionStrategy,
  parseCalendarDay,
  TIME_OF_DAY,
  type TimeInterval,
} from '@federa/policy';
import { ValidationMessage } from '../../forms/ValidationMessage.tsx';
import {
  Phrase,
  checkInteger,
  checkName,
  checkText,
  collect,
  textOrNull,
  type Message,
} from '../../forms/checks.tsx';
import type { Policy } from './policy-api.ts';

export type PolicyType = BuiltInPolicyType;
export const POLICY_TYPES: readonly PolicyType[] = [
  BuiltInPolicyType.COMPOSITE,
  BuiltInPolicyType.DATE,
  BuiltInPolicyType.TIME,
  BuiltInPolicyType.ATTRIBUTE_NAMES,
  BuiltInPolicyType.ATTRIBUTES,
  BuiltInPolicyType.REALM_MATCH,
  BuiltInPolicyType.IDENTITY,
  BuiltInPolicyType.PERMISSION_BINDING,
];

export function isPolicyType(value: unknown): value is PolicyType {
  return typeof value === 'string' && (POLICY_TYPES as readonly string[]).includes(value);
}

export const IDENTITY_TYPES = ['user', 'robot', 'client'] as const;

/** Day fields a time policy checks for each interval (the evaluator's semantics). */
export const DAY_FIELDS_OF_INTERVAL: Record<TimeInterval | '', readonly DayField[]> = {
  '': [],
  daily: [],
  weekly: ['dayOfWeek'],
  monthly: ['dayOfWeek', 'dayOfMonth'],
  yearly: ['dayOfWeek', 'dayOfMonth', 'dayOfYear'],
};
export type DayField = 'dayOfWeek' | 'dayOfMonth' | 'dayOfYear';
/**
 * The form accepts days of the year up to 365 (docs/product/identity-and-access.md §5), although the policy
 * schema takes 366.
 */
export const DAY_OF_YEAR_MAX = 365;
const DAY_FIELDS: readonly DayField[] = ['dayOfWeek', 'dayOfMonth', 'dayOfYear'];

export interface PolicyFormValues {
  type: PolicyType | null;
  realm_id: string | null;
  name: string;
  display_name: string;
  description: string;
  invert: boolean;
  // composite
  decisionStrategy: DecisionStrategy;
  /** Children chosen before the composite exists (re-parented after create). */
  children: string[];
  // date
  dateStart: string;
  dateEnd: string;
  // time
  timeStart: string;
  timeEnd: string;
  interval: TimeInterval | '';
  /** Weekdays as strings ('0' = Sunday … '6' = Saturday), the values of the checkbox group. */
  dayOfWeek: string[];
  dayOfMonth: number | string;
  dayOfYear: number | string;
  // attributeNames
  names: string[];
  // attributes
  query: string;
  // realmMatch
  attributeName: string[];
  attributeNameStrict: boolean;
  attributeNullMatchAll: boolean;
  identityMasterMatchAll: boolean;
  realmDecisionStrategy: DecisionStrategy | '';
  // identity
  identityTypes: string[];
}

export function initialPolicyValues(
  type: PolicyType | null = null,
  realmId: string | null = null,
): PolicyFormValues {
  return {
    type,
    realm_id: realmId,
    name: '',
    display_name: '',
    description: '',
    invert: false,
    decisionStrategy: DecisionStrategy.UNANIMOUS,
    children: [],
    dateStart: '',
    dateEnd: '',
    timeStart: '',
    timeEnd: '',
    interval: '',
    dayOfWeek: [],
    dayOfMonth: '',
    dayOfYear: '',
    names: [''],
    query: '{\n  \n}',
    attributeName: [],
    attributeNameStrict: true,
    attributeNullMatchAll: false,
    identityMasterMatchAll: true,
    realmDecisionStrategy: '',
    identityTypes: [],
  };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | string => (typeof value === 'number' ? value : '');
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
/** A stored weekday or list of weekdays (earlier versions stored a single number). */
const weekdays = (value: unknown): string[] =>
  (typeof value === 'number' ? [value] : Array.isArray(value) ? value : [])
    .filter((day): day is number => typeof day === 'number')
    .map(String);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Form values of a stored policy. */
export function policyToValues(policy: Policy): PolicyFormValues {
  const base = initialPolicyValues(isPolicyType(policy.type) ? policy.type : null, policy.realm_id ?? null);
  const attributeName = policy.attributeName;
  return {
    ...base,
    name: policy.name,
    display_name: policy.display_name ?? '',
    description: policy.description ?? '',
    invert: policy.invert ?? false,
    decisionStrategy: (str(policy.decisionStrategy) as DecisionStrategy) || DecisionStrategy.UNANIMOUS,
    dateStart: str(policy.start).slice(0, 10),
    dateEnd: str(policy.end).slice(0, 10),
    timeStart: policy.type === 'time' ? str(policy.start) : '',
    timeEnd: policy.type === 'time' ? str(policy.end) : '',
    interval: str(policy.interval) as TimeInterval | '',
    dayOfWeek: weekdays(policy.dayOfWeek),
    dayOfMonth: num(policy.dayOfMonth),
    dayOfYear: num(policy.dayOfYear),
    names: policy.type === 'attributeNames' ? strings(policy.names) : base.names,
    query:
      policy.query && typeof policy.query === 'object' ? JSON.stringify(policy.query, null, 2) : base.query,
    attributeName: typeof attributeName === 'string' ? [attributeName] : strings(attributeName),
    attributeNameStrict: bool(policy.attributeNameStrict, true),
    attributeNullMatchAll: bool(policy.attributeNullMatchAll, false),
    identityMasterMatchAll: bool(policy.identityMasterMatchAll, true),
    realmDecisionStrategy:
      policy.type === 'realmMatch' ? (str(policy.decisionStrategy) as DecisionStrategy) : '',
    identityTypes: strings(policy.types),
  };
}

/**
 * Changing the interval clears the day fields it does not check (docs/product/identity-and-access.md §4
 * Forms).
 */
export function withInterval(interval: TimeInterval | ''): Partial<PolicyFormValues> {
  const keep = DAY_FIELDS_OF_INTERVAL[interval];
  const next: Partial<PolicyFormValues> = { interval };
  for (const field of DAY_FIELDS) {
    if (keep.includes(field)) continue;
    if (field === 'dayOfWeek') next.dayOfWeek = [];
    else next[field] = '';
  }
  return next;
}

/** Parses the attributes query; an object, or undefined when it is not a JSON object. */
export function parseQuery(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const dayValue = (value: number | string): number | null =>
  value === '' || value === null ? null : Number(value);

/**
 * The chosen weekdays, Monday to Sunday in the week's order; a single day is sent as a number, the
 * form the original's clients read.
 */
const weekdayValue = (days: readonly string[]): number | number[] | null => {
  const sorted = [...new Set(days.map(Number))].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  return sorted.length === 0 ? null : sorted.length === 1 ? sorted[0]! : sorted;
};

export interface PolicyValidationContext {
  /** Creating (children are chosen in the form) rather than editing. */
  readonly creating: boolean;
}

/**
 * The rules of the policy form: the basic fields (docs/product/identity-and-access.md §5 "Policy basic") and
 * the settings of the chosen type, as the server checks them (`@federa/policy` schemas).
 */
export function validatePolicy(
  values: PolicyFormValues,
  { creating }: PolicyValidationContext,
): Record<string, Message> {
  const errors: Record<string, Message> = {};
  if (!values.type) errors.type = <Phrase k="policies.typeRequired" />;
  collect(errors, 'name', checkName(values.name, 3, 128));
  collect(errors, 'display_name', checkText(values.display_name, { min: 3, max: 256 }));
  collect(errors, 'description', checkText(values.description, { min: 5, max: 4096 }));

  switch (values.type) {
    case 'composite':
      if (creating && values.children.length === 0)
        errors.children = <Phrase k="policies.childrenRequired" />;
      break;
    case 'date':
      for (const field of ['dateStart', 'dateEnd'] as const) {
        if (values[field] !== '' && !parseCalendarDay(values[field]))
          errors[field] = <ValidationMessage rule="date" />;
      }
      if (
        !errors.dateStart &&
        !errors.dateEnd &&
        values.dateStart &&
        values.dateEnd &&
        values.dateStart > values.dateEnd
      )
        errors.dateEnd = <Phrase k="policies.endBeforeStart" />;
      break;
    case 'time': {
      for (const field of ['timeStart', 'timeEnd'] as const) {
        if (values[field].trim() !== '' && !TIME_OF_DAY.test(values[field].trim()))
          errors[field] = <ValidationMessage rule="time" />;
      }
      const applicable = DAY_FIELDS_OF_INTERVAL[values.interval];
      const bounds: Record<DayField, [number, number]> = {
        dayOfWeek: [0, 6],
        dayOfMonth: [1, 31],
        dayOfYear: [1, DAY_OF_YEAR_MAX],
      };
      for (const field of applicable) {
        // The weekdays are checkboxes: whatever is chosen is valid.
        if (field === 'dayOfWeek') continue;
        collect(errors, field, checkInteger(values[field], { min: bounds[field][0], max: bounds[field][1] }));
      }
      break;
    }
    case 'attributeNames':
      if (values.names.length === 0) errors.names = <Phrase k="policies.namesRequired" />;
      values.names.forEach((item, index) =>
        collect(errors, `names.${index}`, checkText(item, { required: true, min: 3, max: 128 })),
      );
      break;
    case 'attributes':
      if (values.query.trim() === '') errors.query = <ValidationMessage rule="required" />;
      else if (!parseQuery(values.query)) errors.query = <Phrase k="policies.queryInvalid" />;
      break;
    case 'realmMatch':
      values.attributeName.forEach((item, index) =>
        collect(errors, `attributeName.${index}`, checkText(item, { required: true, min: 3, max: 128 })),
      );
      break;
    case 'identity':
      if (values.identityTypes.length === 0)
        errors.identityTypes = <Phrase k="policies.identityTypesRequired" />;
      break;
    default:
      break;
  }
  return errors;
}

/** The settings of the policy's type, flat as the API takes them. Cleared fields are sent as null. */
export function policySettings(values: PolicyFormValues): Record<string, unknown> {
  switch (values.type) {
    case 'composite':
      return { decisionStrategy: values.decisionStrategy };
    case 'date':
      return { start: textOrNull(values.dateStart), end: textOrNull(values.dateEnd) };
    case 'time': {
      const applicable = DAY_FIELDS_OF_INTERVAL[values.interval];
      const settings: Record<string, unknown> = {
        start: textOrNull(values.timeStart),
        end: textOrNull(values.timeEnd),
        interval: values.interval || null,
      };
      settings.dayOfWeek = applicable.includes('dayOfWeek') ? weekdayValue(values.dayOfWeek) : null;
      for (const field of ['dayOfMonth', 'dayOfYear'] as const)
        settings[field] = applicable.includes(field) ? dayValue(values[field]) : null;
      return settings;
    }
    case 'attributeNames':
      return { names: values.names.map((item) => item.trim()) };
    case 'attributes':
      return { query: parseQuery(values.query) ?? {} };
    case 'realmMatch':
      return {
        attributeName:
          values.attributeName.length > 0 ? values.attributeName.map((item) => item.trim()) : null,
        attributeNameStrict: values.attributeNameStrict,
        attributeNullMatchAll: values.attributeNullMatchAll,
        identityMasterMatchAll: values.identityMasterMatchAll,
        decisionStrategy: values.realmDecisionStrategy || null,
      };
    case 'identity':
      return { types: [...values.identityTypes] };
    default:
      return {};
  }
}

/** The body of `POST policies` (create: with type and realm) or `POST policies/{id}` (update). */
export function policyPayload(values: PolicyFormValues, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    display_name: textOrNull(values.display_name),
    description: textOrNull(values.description),
    invert: values.invert,
    ...policySettings(values),
  };
  if (creating) {
    body.type = values.type;
    if (values.realm_id) body.realm_id = values.realm_id;
    // Unset settings are left out of a new policy rather than sent as null.
    for (const [key, value] of Object.entries(body)) if (value === null) delete body[key];
  }
  return body;
}
