import type { Position } from '@curbside/contracts';
import { MAX_ZOOM, project, type Point } from './web-mercator';

/**
 * Pins closer than this on screen (in pixels) make one group: a pin is 28 px wide with its vote count beside it,
 * so two pins nearer than this cover each other.
 */
export const CLUSTER_RADIUS_PX = 36;

export interface PinPlace<T> {
  /** What the pin stands for (an item). */
  value: T;
  position: Position;
}

export interface PinGroup<T> {
  /** The group's members, in the order they were given (one member: a plain pin). */
  members: T[];
  /** Where it is drawn: the members' mean position. */
  position: Position;
  /** Its place in the world's map at the zoom it was made for (pixels). */
  at: Point;
}

/**
 * Groups the pins that would overlap at this zoom, greedily in the given order: each pin not yet taken gathers every
 * untaken pin within the radius of it. A group is drawn at its members' mean, which may then fall within the radius of
 * a pin or group gathered apart from it, and the marker beneath could not be tapped: such neighbours are merged until
 * no two markers are that close. At the highest zoom nothing is grouped (a group could not be opened further), nor a
 * pin `keepApart` names (the selected one stays visible on its own).
 */
export function clusterPins<T>(
  places: readonly PinPlace<T>[],
  zoom: number,
  options: { radius?: number; keepApart?: (value: T) => boolean } = {},
): PinGroup<T>[] {
  const radius = options.radius ?? CLUSTER_RADIUS_PX;
  const projected = places.map((place, order) => ({ place, order, at: project(place.position, zoom) }));
  type Gathered = { members: typeof projected; alone: boolean; position: Position; at: Point };
  const gathered = (members: typeof projected, alone: boolean): Gathered => {
    members.sort((a, b) => a.order - b.order);
    const lat = members.reduce((sum, m) => sum + m.place.position.lat, 0) / members.length;
    const lng = members.reduce((sum, m) => sum + m.place.position.lng, 0) / members.length;
    return { members, alone, position: { lat, lng }, at: project({ lat, lng }, zoom) };
  };
  const near = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y) < radius;

  const taken = new Array<boolean>(projected.length).fill(false);
  const groups: Gathered[] = [];
  for (let i = 0; i < projected.length; i++) {
    if (taken[i]) continue;
    taken[i] = true;
    const members = [projected[i]];
    const alone = zoom >= MAX_ZOOM || options.keepApart?.(projected[i].place.value) === true;
    if (!alone) {
      for (let j = i + 1; j < projected.length; j++) {
        if (taken[j] || options.keepApart?.(projected[j].place.value)) continue;
        if (near(projected[j].at, projected[i].at)) {
          taken[j] = true;
          members.push(projected[j]);
        }
      }
    }
    groups.push(gathered(members, alone));
  }
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < groups.length && !merged; i++) {
      for (let j = i + 1; j < groups.length && !merged; j++) {
        if (groups[i].alone || groups[j].alone || !near(groups[i].at, groups[j].at)) continue;
        groups[i] = gathered([...groups[i].members, ...groups[j].members], false);
        groups.splice(j, 1);
        merged = true;
      }
    }
  }
  return groups.map((group) => ({ members: group.members.map((m) => m.place.value), position: group.position, at: group.at }));
}

/** The zoom at which a group's pins no longer all fall into one group (at most the highest zoom). */
export function zoomToOpen<T>(members: readonly PinPlace<T>[], zoom: number, radius: number = CLUSTER_RADIUS_PX): number {
  for (let next = Math.floor(zoom) + 1; next < MAX_ZOOM; next++) {
    if (clusterPins(members, next, { radius }).length > 1) return next;
  }
  return MAX_ZOOM;
}
