export interface RouteHandle {
  title: string;
  description: string;
}

export function titleFor(handle: RouteHandle, shopName: string): string {
  return handle.title ? `${handle.title} | ${shopName}` : shopName;
}
