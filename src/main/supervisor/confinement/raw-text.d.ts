// A file imported with `?raw` is its text (vite inlines it in the build; vitest reads it in tests).
declare module '*?raw' {
  const text: string;
  export default text;
}
