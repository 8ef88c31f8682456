/**
 * The pool passport (PRODUCT.md §17): the equipment register, the start-up log, the measured
 * gallons and the passport itself. Its PDF and ZIP are files (exports.ts).
 */
import { IdParams, NoBody } from '../api'
import { DeletedData } from '../documents'
import {
  Equipment,
  EquipmentBody,
  Passport,
  PassportBody,
  StartupDay,
  StartupDayBody,
  StartupDayParams,
} from '../passport'
import { ProblemCode } from '../problem'
import { z } from 'zod/mini'
import type { RouteDef } from './types'

export const passportRoutes = {
  equipment: {
    method: 'GET',
    path: '/api/equipment',
    access: 'builder',
    etag: true,
    data: z.array(Equipment),
  },
  /**
   * A warrantyId that is not one of the client's warranties answers 400 on the field; a project
   * that has MAX_EQUIPMENT pieces already answers 409.
   */
  addEquipment: {
    method: 'POST',
    path: '/api/equipment',
    access: 'builder',
    body: EquipmentBody,
    data: Equipment,
    statuses: [201],
    refuses: { 409: [ProblemCode.conflict] },
  },
  editEquipment: {
    method: 'PUT',
    path: '/api/equipment/:id',
    access: 'builder',
    params: IdParams,
    body: EquipmentBody,
    data: Equipment,
    refuses: { 404: [ProblemCode.notFound] },
  },
  deleteEquipment: {
    method: 'DELETE',
    path: '/api/equipment/:id',
    access: 'builder',
    params: IdParams,
    body: NoBody,
    data: DeletedData,
    refuses: { 404: [ProblemCode.notFound] },
  },
  /** All 28 days, recorded or not, in order. */
  startupLog: {
    method: 'GET',
    path: '/api/startup-log',
    access: 'builder',
    etag: true,
    data: z.array(StartupDay),
  },
  /** Answers the whole log again, the day changed; a day outside 1–28 is unknown (404). */
  setStartupDay: {
    method: 'PUT',
    path: '/api/startup-log/:day',
    access: 'builder',
    params: StartupDayParams,
    body: StartupDayBody,
    data: z.array(StartupDay),
    refuses: { 404: [ProblemCode.notFound] },
  },
  passport: {
    method: 'GET',
    path: '/api/passport',
    access: 'builder',
    etag: true,
    data: Passport,
  },
  setPassport: {
    method: 'PUT',
    path: '/api/passport',
    access: 'builder',
    body: PassportBody,
    data: Passport,
  },
} as const satisfies Record<string, RouteDef>
