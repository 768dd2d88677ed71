/**
 * The WebSocket messages of the AsyncAPI document as C# classes, one family per channel: the
 * ticket stream's `TicketEvent` (searching, proposed, matched, ...) and the match stream's
 * `MatchEvent` (formed, assigned, backfill-requested, ...). A message with an `eventId` is an event
 * of the family (a subclass of its base, which holds the members every event has); the others are
 * the messages a connection starts with (`TicketStateMessage`, `MatchSubscribedMessage`).
 */
import { type ClassSpec, emitClass, nameProperties } from './emit-classes.ts';
import { pascalCase } from './names.ts';
import { type ClassNames, type PropertyShape, type Schema, type ShapeReader, signature } from './shapes.ts';

interface Message {
  readonly className: string;
  readonly typeValue: string;
  readonly description?: string;
  readonly properties: readonly PropertyShape[];
}

/** One channel's messages. */
export interface MessageFamily {
  readonly base: string;
  readonly description?: string;
  readonly common: readonly PropertyShape[];
  readonly events: readonly Message[];
  readonly starts: readonly Message[];
}

function record(value: unknown): Schema {
  return typeof value === 'object' && value !== null ? (value as Schema) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The families of the document's channels, their classes' names reserved in `names`. */
export function readFamilies(document: Schema, reader: ShapeReader, names: ClassNames): MessageFamily[] {
  const components = record(record(document['components'])['messages']);
  const families: MessageFamily[] = [];
  for (const [channelKey, rawChannel] of Object.entries(record(document['channels']))) {
    const channel = record(rawChannel);
    const subject = pascalCase(channelKey.replace(/Events$/, ''));
    const events: Message[] = [];
    const starts: Message[] = [];
    for (const [messageKey, rawReference] of Object.entries(record(channel['messages']))) {
      const reference = text(record(rawReference)['$ref']);
      const message = record(
        reference === undefined
          ? rawReference
          : components[reference.replace(/^#\/components\/messages\//, '')],
      );
      const payload = record(message['payload']);
      const shape = reader.shape(payload);
      if (shape.kind !== 'object') continue;
      const typeSchema = record(record(payload['properties'])['type']);
      const typeValue = text(typeSchema['const']) ?? text((typeSchema['enum'] as unknown[] | undefined)?.[0]);
      if (typeValue === undefined) continue;
      const local = messageKey.replace(new RegExp(`^${subject.toLowerCase()}-`), '');
      const isEvent = Array.isArray(payload['required']) && payload['required'].includes('eventId');
      const description = text(message['summary']) ?? text(message['description']);
      (isEvent ? events : starts).push({
        className: `${subject}${pascalCase(local)}${isEvent ? 'Event' : 'Message'}`,
        typeValue,
        ...(description === undefined ? {} : { description }),
        properties: shape.properties,
      });
    }
    if (events.length === 0) continue;
    const base = `${subject}Event`;
    const common = commonProperties(events);
    const description = text(channel['title']);
    families.push({ base, ...(description === undefined ? {} : { description }), common, events, starts });
  }
  for (const family of families) {
    names.reserve(family.base);
    for (const message of [...family.events, ...family.starts]) names.reserve(message.className);
  }
  for (const family of families) {
    for (const property of family.common)
      names.nameWithin(property.shape, `${family.base}${pascalCase(property.json)}`);
    for (const message of [...family.events, ...family.starts]) {
      for (const property of ownProperties(family, message)) {
        names.nameWithin(property.shape, `${message.className}${pascalCase(property.json)}`);
      }
    }
  }
  return families;
}

/** The members every event has, alike; `type` lists every event's value. */
function commonProperties(events: readonly Message[]): PropertyShape[] {
  const [first, ...rest] = events;
  if (first === undefined) return [];
  return first.properties
    .filter(
      (property) =>
        property.required &&
        rest.every((event) =>
          event.properties.some(
            (other) =>
              other.json === property.json &&
              other.required &&
              signature(other.shape) === signature(property.shape),
          ),
        ),
    )
    .map((property) =>
      property.json === 'type'
        ? { ...property, shape: { kind: 'string', values: events.map((event) => event.typeValue) } }
        : property,
    );
}

function ownProperties(family: MessageFamily, message: Message): readonly PropertyShape[] {
  if (!family.events.includes(message)) return message.properties;
  return message.properties.filter(
    (property) => !family.common.some((common) => common.json === property.json),
  );
}

/** The classes of the families. */
export function emitFamilies(families: readonly MessageFamily[]): string[] {
  const lines: string[] = [];
  for (const family of families) {
    const common = nameProperties(family.base, family.common);
    const inherited = new Set(common.map((property) => property.name));
    const baseSpec: ClassSpec = {
      name: family.base,
      description: `${family.description ?? family.base}: what every event of the stream has. An event of a type this SDK does not know reads as a plain ${family.base}.`,
      properties: common,
      role: 'base',
      members: family.events.map((event) => ({ typeValue: event.typeValue, name: event.className })),
    };
    lines.push(...emitClass(baseSpec), '');
    for (const event of family.events) {
      const own = nameProperties(event.className, ownProperties(family, event), inherited);
      lines.push(
        ...emitClass({
          name: event.className,
          ...(event.description === undefined ? {} : { description: event.description }),
          properties: [...common, ...own],
          inherited,
          role: 'member',
          base: family.base,
          typeValue: event.typeValue,
        }),
        '',
      );
    }
    for (const start of family.starts) {
      lines.push(
        ...emitClass({
          name: start.className,
          ...(start.description === undefined ? {} : { description: start.description }),
          properties: nameProperties(start.className, start.properties),
          role: 'model',
        }),
        '',
      );
    }
  }
  return lines;
}
