// Flat config: typescript-eslint for the code, eslint-plugin-regexp to catch
// regexes that can backtrack catastrophically (docs/style.md §12).
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  // .tmp/ is gitignored scratch (the docs-examples test writes its generated examples there).
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', '.tmp/**', '.stryker-tmp/**', 'reports/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One clock: a result that depends on time reads its checker's `now`, and
    // code that needs the real time (deadlines, retry times, timestamps) reads
    // src/common/clock.ts, the one module that reads the wall clock. Durations
    // are measured with performance.now().
    files: ['src/**/*.ts'],
    ignores: ['src/common/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: "Date.now reads the wall clock: use the checker's clock (a check's `now`), or systemTime() from src/common/clock.ts outside a check.",
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "new Date() reads the wall clock: use the checker's clock (a check's `now`), or systemClock() from src/common/clock.ts outside a check.",
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: "Date() reads the wall clock: use the checker's clock (a check's `now`), or systemClock() from src/common/clock.ts outside a check.",
        },
      ],
    },
  },
);
