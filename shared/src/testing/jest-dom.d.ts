// jest-dom matchers (toBeInTheDocument, ...) for the type-checker; jest loads them in tooling/jest.setup.ts.
/// <reference types="@testing-library/jest-dom" />
