import {
  BadgeDollarSign,
  BookOpen,
  BotMessageSquare,
  Building2,
  CalendarCheck,
  ClipboardPen,
  Clock,
  Gauge,
  Handshake,
  Headphones,
  Headset,
  Hourglass,
  type LucideIcon,
  Map as MapIcon,
  MapPinCheck,
  Megaphone,
  MessageCircleWarning,
  PhoneCall,
  Rocket,
  ShieldCheck,
  Store,
  Target,
  TrendingUp,
  UserCheck,
  UserSearch,
  Workflow,
  Zap,
} from 'lucide-react';
import type { IconName } from '../content/types.ts';

// Each icon imported by name, so the bundle carries only these. Content names its pictogram; this
// is the one place a name becomes a drawing.
const ICONS: Record<IconName, LucideIcon> = {
  'user-search': UserSearch,
  'message-warning': MessageCircleWarning,
  map: MapIcon,
  'user-check': UserCheck,
  'map-pin-check': MapPinCheck,
  handshake: Handshake,
  chatbot: BotMessageSquare,
  megaphone: Megaphone,
  'calendar-check': CalendarCheck,
  clipboard: ClipboardPen,
  workflow: Workflow,
  'phone-call': PhoneCall,
  rocket: Rocket,
  book: BookOpen,
  headphones: Headphones,
  'shield-check': ShieldCheck,
  zap: Zap,
  headset: Headset,
  hourglass: Hourglass,
  'trending-up': TrendingUp,
  gauge: Gauge,
  target: Target,
  clock: Clock,
  dollar: BadgeDollarSign,
  building: Building2,
  store: Store,
};

/** A decorative pictogram (lucide marks it aria-hidden): the text beside it says what it means. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Drawing = ICONS[name];
  return <Drawing className={className} strokeWidth={1.75} />;
}
