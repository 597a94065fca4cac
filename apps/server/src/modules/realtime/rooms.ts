/** The room of every record of a type (`user`), or of one record (`user/{id}`), as the original names them. */
export function roomName(type: string, id?: string): string {
  return id === undefined ? type : `${type}/${id}`;
}
