/**
 * Every test file: in a DOM environment (component tests), Testing Library's `findBy…` and `waitFor` wait up to
 * 15 s instead of 1 s. They return as soon as what they wait for is there, so this only bounds the wait: a lazily
 * loaded page on a busy machine (CI on 2 cores beside other work) takes longer than a second to come.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}
