// What a lexer produces: a highlighting class (Pygments' short names) and the text it covers.
export type Token = [cls: string, text: string];
