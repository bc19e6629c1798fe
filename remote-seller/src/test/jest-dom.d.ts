// The jest-dom matchers (loaded by tooling/jest.setup.ts) for the type checker.
/// <reference types="@testing-library/jest-dom" />
