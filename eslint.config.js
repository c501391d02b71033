import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'dist-lib/', 'node_modules/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { window: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly', URL: 'readonly' },
    },
  },
  // Sizes: a function reads on one screen, a file holds one job (C++: scripts/lint/cpp_sizes.mjs).
  {
    files: ['web/src/**/*.ts', 'lib/**/*.ts'],
    ignores: ['**/*.generated.*'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
);
