import { DisclosureLogCard } from '@portal/people';

/** "Who viewed my record": staff who opened the student's sensitive records, with their roles and when. */
export function WhoViewedMe() {
  return <DisclosureLogCard />;
}
