import { createContext, useContext } from 'react';
import type { NavigationHelper } from './navigation-helper.ts';

export const NavigationHelperContext = createContext<NavigationHelper | null>(null);

export function useNavigationHelper(): NavigationHelper {
  const helper = useContext(NavigationHelperContext);
  if (!helper) throw new Error('useNavigationHelper needs the router root');
  return helper;
}
