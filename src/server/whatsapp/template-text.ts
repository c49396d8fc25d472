/**
 * A template parameter as Meta takes it (tests/fake-whatsapp/CONTRACT.md, W8): no new-line or tab, at most
 * four spaces in a row. Each run of new-lines and tabs becomes one space and a longer run of spaces four;
 * text Meta already takes is left as it is (a PIX code must reach the buyer unchanged).
 */
export const templateText = (text: string): string =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {5,}/g, '    ')
    .trim();
