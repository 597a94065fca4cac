// `@federa/client` names the fetch body type as the DOM library does; the agent compiles against
// Node's globals only (the DOM library and Node's fetch types disagree about Uint8Array bodies),
// where the same type is reachable through RequestInit.
type BodyInit = NonNullable<RequestInit['body']>;
