import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
} from 'react-aria-components';
import { tab, tabList, tabPanel } from './Tabs.css.ts';

export { Tabs };

export function TabList<T extends object>(props: Omit<TabListProps<T>, 'className' | 'style'>) {
  return <AriaTabList {...props} className={tabList} />;
}

export function Tab(props: Omit<TabProps, 'className' | 'style'>) {
  return <AriaTab {...props} className={tab} />;
}

export function TabPanel(props: Omit<TabPanelProps, 'className' | 'style'>) {
  return <AriaTabPanel {...props} className={tabPanel} />;
}
