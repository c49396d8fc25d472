/**
 * `value` as the option it equals, or undefined: a select's value or a URL parameter narrowed by a check
 * instead of a cast.
 */
export const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);
