// webpack emits a .css file as an asset (tooling/webpack/create-config.cjs): importing one gives its URL.
declare module '*.css' {
  const url: string;
  export default url;
}
