// Async boundary: bootstrap imports shared singletons (react, router, @campus/shared),
// which federation must resolve before any of them runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('Could not start', error);
});
