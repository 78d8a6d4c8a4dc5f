/** "1 mile", "2 miles", "0.5 miles": the count and the word it goes with (the browser's texts and the services' alike). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
