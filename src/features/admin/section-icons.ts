import {
  Briefcase,
  CalendarClock,
  ClipboardCheck,
  DraftingCompass,
  FolderKanban,
  HardHat,
  Hourglass,
  Inbox,
  ListChecks,
  Lightbulb,
  MapPin,
  Megaphone,
  ShieldCheck,
  Tag,
  Users,
} from 'lucide-react'
import type { PageIcons } from '../../components/area-layout'

/** The icon of each admin section in the sidebar, by route. */
export const SECTION_ICONS: PageIcons = {
  pricing: Tag,
  city: MapPin,
  engineers: DraftingCompass,
  managers: Briefcase,
  clients: Users,
  admins: ShieldCheck,
  'waiting-list': Hourglass,
  marketing: Megaphone,
  'designing-tips': Lightbulb,
  'builder-requests': HardHat,
  'manager-requests': Inbox,
  schedule: CalendarClock,
  scope: ListChecks,
  checklists: ClipboardCheck,
  projects: FolderKanban,
}
