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
);
