import { useLocation } from 'react-router';
import { Component as NotFound } from '../errors/NotFoundPage.tsx';
import { MASTER_LIST_ROUTES } from './lists.ts';
import { MasterListPage } from './MasterListPage.tsx';

/** The route module of the master lists: which list follows from the path. */
export function Component() {
  const { pathname } = useLocation();
  const list = MASTER_LIST_ROUTES[pathname.replace(/^\//, '')];
  // Keyed by list: moving from brands to designations starts the page over.
  return list ? <MasterListPage key={list} list={list} /> : <NotFound />;
}
