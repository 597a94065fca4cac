/**
 * A save the server refused because the record changed since the form loaded it (412
 * `entity_modified`): the footer offers to reload the record or to overwrite the other change.
 */
export class StaleSave {
  constructor(
    /** The server's refusal, for its message. */
    readonly failure: unknown,
    readonly reload: () => void,
    readonly overwrite: () => Promise<unknown>,
  ) {}
}

export const isStaleSave = (value: unknown): value is StaleSave => value instanceof StaleSave;
