/** An image name split the way registries address it: `host[:port]/repository[:tag|@digest]`. */
export interface ImageReference {
  registry: string;
  repository: string;
  /** A tag or a digest; `latest` when the name carries neither. */
  reference: string;
}

export function parseImageReference(name: string): ImageReference {
  const at = name.indexOf('@');
  let rest = at >= 0 ? name.slice(0, at) : name;
  let reference = at >= 0 ? name.slice(at + 1) : 'latest';
  if (at < 0) {
    const colon = rest.lastIndexOf(':');
    if (colon > rest.lastIndexOf('/')) {
      reference = rest.slice(colon + 1);
      rest = rest.slice(0, colon);
    }
  }
  const slash = rest.indexOf('/');
  const first = slash >= 0 ? rest.slice(0, slash) : '';
  // Like Docker: the first part is a registry when it looks like a host (has a dot or port, or is localhost).
  if (slash >= 0 && (first.includes('.') || first.includes(':') || first === 'localhost')) {
    return { registry: first, repository: rest.slice(slash + 1), reference };
  }
  const repository = rest.includes('/') ? rest : `library/${rest}`;
  return { registry: 'registry-1.docker.io', repository, reference };
}

export function formatImageReference(reference: ImageReference): string {
  const separator = reference.reference.startsWith('sha256:') ? '@' : ':';
  return `${reference.registry}/${reference.repository}${separator}${reference.reference}`;
}
