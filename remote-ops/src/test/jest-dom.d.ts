// The jest-dom matchers (set up by tooling/jest.setup.ts) for the type checker.
import '@testing-library/jest-dom';
