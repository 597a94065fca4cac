/** An English phrase turned into a pattern that recognises the server's message it was written from. */
export interface PhraseTemplate<K extends string = string> {
  readonly key: K;
  readonly regex: RegExp;
  /** The placeholder names, in the order of the pattern's groups. */
  readonly names: readonly string[];
}

/** Patterns for a group of English phrases (`{{name}}` placeholders match any text). */
export function phraseTemplates<K extends string>(phrases: Readonly<Record<K, string>>): PhraseTemplate<K>[] {
  return (Object.entries(phrases) as [K, string][]).map(([key, phrase]) => {
    const names: string[] = [];
    const source = phrase
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((part) => {
        const placeholder = /^\{\{\s*(\w+)\s*\}\}$/.exec(part);
        if (placeholder) {
          names.push(placeholder[1]!);
          return '(.+?)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { key, regex: new RegExp(`^${source}$`), names };
  });
}

/** The phrase a message was written from, with the values of its placeholders, or undefined. */
export function matchPhrase<K extends string>(
  templates: readonly PhraseTemplate<K>[],
  message: string,
): { key: K; values: Record<string, string> } | undefined {
  for (const template of templates) {
    const match = template.regex.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, index) => [name, match[index + 1] ?? '']));
    return { key: template.key, values };
  }
  return undefined;
}
