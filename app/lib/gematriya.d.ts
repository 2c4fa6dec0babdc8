// Types for the `gematriya` package (MIT; it ships none): numbers to Hebrew letters and back.
declare module 'gematriya' {
  type Options = {limit?: number; punctuate?: boolean; geresh?: boolean; order?: boolean};
  function gematriya(value: number, options?: Options): string;
  function gematriya(value: string, options?: Options): number;
  export default gematriya;
}
