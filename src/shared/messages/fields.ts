// Field refusals by name: the API's, the schemas' and the forms' one wording (src/shared/messages.ts re-exports it).

/** A parameter or form field refused, by name ("perPage must be at most 100"): the API's and forms' one wording. */
export const fieldMessages = {
  required: (name: string) => `${name} is required`,
  notText: (name: string) => `${name} must be text`,
  notNumber: (name: string) => `${name} must be a number`,
  notWholeNumber: (name: string) => `${name} must be a whole number`,
  atLeast: (name: string, min: number) => `${name} must be at least ${min}`,
  atMost: (name: string, max: number) => `${name} must be at most ${max}`,
  atMostCharacters: (name: string, max: number) => `${name} must be at most ${max} characters`,
  tooLong: (name: string) => `${name} is too long`,
  notId: (name: string) => `${name} is not a valid id`,
  controlCharacters: (name: string) => `${name} must not contain control characters`,
} as const;
