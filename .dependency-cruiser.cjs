// The layer rule (`npm run layers`, run by `npm test`): each layer imports only the layers under it, through
// their public entries where it says so, and nothing imports in a circle. Tests sit in their layer and follow
// its rule; a test may also use the mock host and its fixtures, the one way a card is tested.
/** What a test anywhere may reach besides its own layer: the mock host, its fixtures, the root entry, package.json. */
const testSupport = ['^src/testing/index\\.ts$', '^src/testing/fixtures\\.ts$', '^src/index\\.ts$', '^package\\.json$'];
const testFile = '\\.(test|test-helper|test-helpers|browser\\.test)\\.tsx?$';

/**
 * A rule that lets files under `from` import our own code only from `allowed` (npm packages and node: are free).
 * @param {string} name
 * @param {string} comment
 * @param {string} from
 * @param {string[]} allowed
 * @returns {import('dependency-cruiser').IForbiddenRuleType[]}
 */
function layer(name, comment, from, allowed) {
  return [
    {
      name,
      comment,
      severity: 'error',
      from: { path: from, pathNot: testFile },
      to: { dependencyTypesNot: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'core'], pathNot: allowed },
    },
    {
      name: `${name} (tests)`,
      comment,
      severity: 'error',
      from: { path: from + '.*' + testFile },
      to: {
        dependencyTypesNot: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'core'],
        pathNot: [...allowed, ...testSupport],
      },
    },
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A module never reaches itself again through its imports. Type-only imports are erased before any module ' +
        'runs, so a cycle made of them alone orders nothing and is allowed.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...layer('contract', 'The contract imports nothing of ours.', '^src/contract/', ['^src/contract/']),
    ...layer('transport', 'The transport knows only the contract.', '^src/transport/', ['^src/(transport|contract)/']),
    ...layer('client', 'The client builds on the transport and the contract.', '^src/client/', [
      '^src/(client|transport|contract)/',
    ]),
    ...layer(
      'host',
      "The host engine knows the contract, and of the transport only its envelope format (the wire's shape).",
      '^src/host/',
      ['^src/(host|contract)/', '^src/transport/envelopes\\.ts$'],
    ),
    ...layer(
      'testing',
      'The mock host is a host: the host engine and the contract; a card under test connects through the root entry.',
      '^src/testing/',
      ['^src/(testing|host|contract)/', '^src/index\\.ts$'],
    ),
    ...layer(
      'live',
      'The live models are framework-free and build on the client through the root entry.',
      '^src/live/',
      ['^src/live/', '^src/index\\.ts$'],
    ),
    ...layer('hooks', 'The React layer uses the client and the live models only through their entries.', '^hooks/', [
      '^hooks/',
      '^src/index\\.ts$',
      '^src/live/index\\.ts$',
    ]),
    ...layer('components', 'The kit uses only the public entries of the hooks and the core.', '^components/', [
      '^components/',
      '^hooks/index\\.ts$',
      '^src/index\\.ts$',
    ]),
    {
      name: 'stories',
      comment: 'Stories use the SDK as a card does: through its public entries.',
      severity: 'error',
      from: { path: '^stories/' },
      to: {
        path: '^(src|hooks|components|storybook)/',
        pathNot: [
          '^src/index\\.ts$',
          '^src/testing/index\\.ts$',
          '^hooks/index\\.ts$',
          '^components/index\\.ts$',
          '^storybook/index\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|storybook-static|coverage|reports|node_modules|templates)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
  },
};
