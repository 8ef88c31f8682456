/**
 * What the API's OpenAPI document says of each call. Only the server reads it: the route
 * table stays wire facts, and the landing pages do not download this text.
 */
import type { CallName } from './index'
import { MAX_QUOTES_PER_ENTRY } from '../steps'

export type RouteDoc = { summary: string; description?: string }

const quoteLimit = `At most ${MAX_QUOTES_PER_ENTRY} quotes per step (409 beyond). tradeId, optional, names one of the client's trades for the step (400 otherwise).`

export const routeDocs: Record<CallName, RouteDoc> = {
  stages: { summary: 'The priced build stages, each with its design tip' },
  validate: { summary: 'Whether we build in a city' },
  login: {
    summary: 'Email a one-time sign-in code',
    description: 'The same answer for every well-formed email, known or not.',
  },
  verify: { summary: 'Sign in with the emailed code' },
  onboarding: {
    summary: 'Create a client account with the emailed code',
    description:
      'Without `code`, the Temp-Token must be one whose code verify already proved right (it answered ACCOUNT_NOT_FOUND): for 30 minutes it creates the account of that email, once.',
  },
  refresh: { summary: 'A new access token for the refresh cookie (which is rotated)' },
  logout: { summary: 'End the session: revoke the refresh token, clear the cookies' },
  editStatus: { summary: 'Join or leave the waiting list' },
  changeCity: {
    summary: "Correct the city and state of the client's pool",
    description:
      'Answers like refresh (a fresh access token, the profile, Flag, the pool data and the directory), Flag recomputed for the new place; a client whose new city is served leaves the waiting list.',
  },
  poolData: {
    summary:
      "The client's pool data: each step's entry with its quotes, the requests, the permit fee",
    description:
      'What a sign-in or a refresh answers as poolData, read alone: a step page reads it when it opens and when the tab comes back, so a bid a trade sent shows without a refresh.',
  },
  editPool: {
    summary: "Save a step's choices",
    description: 'A stage by StageId, a non-stage (Pool Design, Engineering, Permits) by Title.',
  },
  markDone: {
    summary: 'Mark a stage done or not done',
    description:
      'A step gated by an inspection answers 409 INSPECTION_REQUIRED until that inspection passed.',
  },
  markDone1: { summary: 'Mark a non-stage step done or not done' },
  addQuote: {
    summary: 'Add a quote to a stage',
    description: quoteLimit,
  },
  addQuote1: {
    summary: 'Add a quote to a non-stage step',
    description: quoteLimit,
  },
  acceptQuote: {
    summary: "Accept one of a step's quotes (the one accepted quote of that step)",
    description:
      'On a licensed step (all but pool-design, engineering and permits), a quote whose trade has warnings answers 409 TRADE_NOT_VERIFIED with the warnings in errors (messages by code), unless the body carries acknowledge: true, which the audit log records.',
  },
  removeQuote: { summary: 'Remove a quote from a step' },
  requestBuilder: { summary: 'Request a project builder (idempotent)' },
  requestManager: {
    summary: 'Request a project manager',
    description:
      'Answers 201 with a new request, or 200 with the open request already made to this manager.',
  },
  timeline: {
    summary: "The client's dated schedule: plan, baseline, forecast, slip and inspections",
    description:
      'Dates are YYYY-MM-DD. Before a start date is set every date is null and every step waits.',
  },
  money: {
    summary: "The client's money: contracts, draws, payments, change orders, warnings, cash flow",
    description:
      'A step’s contract is its accepted quote; committed = the quote + approved change orders. All amounts are integer cents.',
  },
  setDraws: {
    summary: "Replace a contract's payment plan",
    description:
      'The draws must add up to the committed cost exactly (400 DRAWS_MUST_SUM with the difference). A row edits the draw its optional `id` names (404 when it is not one of the step’s draws), else the draw with its label (case-insensitive, when only one has it), else the next draw left in order, else it adds a draw; the draws no row edits are removed, so payments and lien waivers stay with their draw. A draw may not owe less than was paid on it, nor be removed with payments (409 DRAW_BELOW_PAID naming it).',
  },
  recordPayment: {
    summary: 'Record a payment on a draw',
    description:
      'Never more than the draw still owes (409 PAYMENT_EXCEEDS_DRAW), even under concurrent payments. On a contract whose quote names a trade, a draw without the conditional waiver of the trade, or of a claimant of a preliminary notice for it, answers 409 WAIVER_REQUIRED naming who is missing (errors.WAIVER_REQUIRED), unless the body carries acknowledge: true, which the audit log records. The trade is then emailed for its unconditional waiver.',
  },
  deletePayment: { summary: 'Delete a payment' },
  setLienWaiver: {
    summary:
      "Link a draw's waiver from its trade (a document of kind lien-waiver), or unlink it with null",
    description:
      'kind is conditional or unconditional (the default; Money also answers it as lienWaiverFileId). A file of another kind answers 409 NOT_A_LIEN_WAIVER; another client’s file is 404.',
  },
  setNoticeWaiver: {
    summary: "Link a preliminary notice claimant's waiver for a draw, or unlink it with null",
    description:
      'The notice must be one of the client’s, for the trade of the draw’s contract (404 otherwise). A file of another kind answers 409 NOT_A_LIEN_WAIVER.',
  },
  notices: { summary: 'The preliminary notices the owner received, oldest first' },
  createNotice: {
    summary: 'Record a preliminary notice',
    description: "tradeId names one of the client's trades (400 otherwise). Amounts in cents.",
  },
  editNotice: { summary: 'Replace a preliminary notice', description: 'As createNotice.' },
  deleteNotice: { summary: 'Delete a preliminary notice and its waivers' },
  uploadFile: {
    summary: 'Upload a photo or document (multipart: file, kind, step?, caption?)',
    description:
      'JPEG, PNG, WebP or PDF, sniffed from the bytes (415 UNSUPPORTED_FILE otherwise); at most 20 MB (413 FILE_TOO_LARGE) and 1 GB a client (409 QUOTA_EXCEEDED). Images are auto-rotated and stripped of their metadata, GPS included.',
  },
  files: { summary: "The client's files, newest first, filtered by step and kind" },
  deleteFile: { summary: 'Delete a file and its bytes' },
  fileVariant: {
    summary: 'A file variant through its signed address (public: the signature is the key)',
    description:
      'Addresses expire after 15 minutes; a wrong or expired signature answers 403. PDFs are sent as attachments.',
  },
  addLogEntry: { summary: 'Add a daily log entry, with photos already uploaded' },
  logs: { summary: 'The daily log, newest first, filtered by step' },
  deleteLogEntry: { summary: 'Delete a log entry and the files attached to it' },
  setWarranty: {
    summary: "Record a step's warranty (one per step: a second replaces it)",
    description:
      'Cover starts on the step’s done date unless startsOn says otherwise; 409 STEP_NOT_DONE for a step not done without startsOn.',
  },
  warranties: { summary: "The client's warranties with their expiry dates" },
  trades: {
    summary: "The project's trades, with warnings worked out on today's date",
    description:
      'Warnings: LICENCE_MISSING, LICENCE_CLASS, INSURANCE_MISSING, INSURANCE_EXPIRED, INSURANCE_EXPIRING (30 days or less), COMP_MISSING; none for a trade of only pool-design, engineering or permits.',
  },
  createTrade: {
    summary: 'Record a trade',
    description:
      "409 TRADE_EXISTS when another trade of the project has its email; file ids name the client's own files.",
  },
  editTrade: { summary: 'Change a trade (the whole record, as created)' },
  deleteTrade: {
    summary: 'Delete a trade',
    description:
      '409 TRADE_HAS_CONTRACT while one of its quotes is accepted; its other quotes no longer name it.',
  },
  tradeLink: {
    summary: "What a bid request's link is for: the step, the owner's name and city",
    description:
      'Before sign-in, for the link’s page. 410 LINK_GONE as for login; limited per IP (429).',
  },
  tradeLogin: {
    summary: "Email a one-time code to the trade of a bid request's link",
    description:
      'Answers where the code went, masked. 410 LINK_GONE for an unknown, expired, withdrawn or replaced link alike; limited per link and per IP (429).',
  },
  tradeVerify: {
    summary: 'Sign a trade in with the emailed code: sets the trade session cookie',
    description:
      'The cookie (httpOnly, SameSite=Strict, Path=/api/trade, 4 hours) is scoped to the one bid request. The first verify marks the request viewed.',
  },
  tradeView: {
    summary: "The trade's bid package, its bid and, once accepted, its award",
    description:
      'The trade session cookie only: an Authorization header answers 401. Never other trades’ bids, the estimate, the budget or other steps.',
  },
  tradeBid: {
    summary: "Submit or replace the trade's bid, as its quote on the step",
    description:
      "Items name the step's scope items (400 otherwise); fileId the trade's own upload. 409 BID_CLOSED after the due date, BID_ACCEPTED once the owner accepted it; at most 5 quotes a step. The owner is emailed.",
  },
  tradeDecline: { summary: 'Decline the bid request, with a reason the owner sees' },
  tradeDates: {
    summary: "Confirm the awarded step's planned dates, or propose another start",
    description: 'Only once the bid is accepted (409 before). A new proposal replaces an open one.',
  },
  tradePaymentRequest: {
    summary: 'Ask to be paid on a draw of the award, with an invoice and a conditional waiver',
    description:
      'The files are the trade’s own uploads (kinds invoice and lien-waiver); the amount at most what the draw still owes (409 PAYMENT_EXCEEDS_DRAW); 409 NOT_AWARDED before the bid is accepted; a draw of another award is 404. The owner gets an email.',
  },
  tradeLienWaiver: {
    summary: 'Send the signed unconditional waiver for a draw the owner paid',
    description:
      'The file is the trade’s own upload of kind lien-waiver (400 otherwise); it becomes the draw’s unconditional waiver, as if the owner had attached it. 409 NOT_AWARDED before the bid is accepted; 409 CONFLICT before any payment on the draw or once the draw holds an unconditional waiver; a draw of another award is 404.',
  },
  tradeUpload: {
    summary: 'Upload a file as the trade (invoice, lien waiver, other)',
    description:
      "Only from the app's own Origin. Every rule of POST /api/files holds, the owner's quota included.",
  },
  tradeSignOut: { summary: 'End the trade session and clear its cookie' },
  tradeWaiverPdf: {
    summary: 'A statutory lien waiver (PDF) filled for a draw of the trade’s award',
    description:
      'The same forms as waiverPdf, for the draws of the step the trade was awarded; any other draw answers 404.',
  },
  waiverPdf: {
    summary: 'A statutory lien waiver (PDF) filled for one of the client’s draws',
    description:
      'form is conditional-progress (Civil Code § 8132), unconditional-progress (§ 8134), conditional-final (§ 8136) or unconditional-final (§ 8138): the statute’s words, filled from the job. An unknown draw or another client’s answers 404. With noticeId, that preliminary notice’s claimant waives toward the draw’s trade; a notice not of that trade answers 404.',
  },
  quickbooksBills: {
    summary: 'QuickBooks Online bill import (CSV): a bill per draw of every contract',
    description:
      'Bill No is {step}-{draw label}; Bill Date and Due Date are the day the draw falls due, or the day of the export while the timeline cannot tell.',
  },
  xeroBills: {
    summary: 'Xero bill import (CSV): a bill per draw of every contract',
    description: 'Quantity 1, AccountCode POOL, TaxType Tax Exempt; dates as YYYY-MM-DD.',
  },
  scheduleOfValuesCsv: {
    summary: 'Schedule of values through a day (CSV), in the AIA G703 layout',
    description:
      'A row per step with a contract and a totals row. D is what was paid before the first day of the through date’s month, E what was paid from then through it.',
  },
  scheduleOfValuesPdf: {
    summary: 'Schedule of values through a day (PDF), in the AIA G703 layout',
  },
  passportPdf: {
    summary: 'The pool passport as one PDF',
    description:
      'The owner’s name and address and the pool drawing on the first page, then the pool as built, the equipment, the start-up log and the record of the build.',
  },
  passportZip: {
    summary: 'Everything of the project as one ZIP, streamed',
    description:
      'passport.pdf, equipment.csv, startup-log.csv, payments.csv, trades.csv, and the lien waivers, warranties, permits, inspection reports, manuals and plans in folders by kind.',
  },
  equipment: { summary: 'The equipment register, oldest first' },
  addEquipment: {
    summary: 'Add a piece of equipment',
    description: 'warrantyId names one of the client’s warranties (400 otherwise).',
  },
  editEquipment: { summary: 'Replace a piece of equipment', description: 'As addEquipment.' },
  deleteEquipment: { summary: 'Delete a piece of equipment' },
  startupLog: {
    summary: 'The start-up log: the 28 days from the pool-startup step’s start',
    description:
      'Every day, recorded or not; a day’s date is the step’s start + day − 1, null while it has not started.',
  },
  setStartupDay: {
    summary: 'Record a day of the start-up log; answers the whole log',
    description: 'A field left out keeps its value; null clears it.',
  },
  passport: { summary: 'The pool passport: as built, equipment, start-up log and the record' },
  setPassport: { summary: 'Set the measured gallons (100–200,000), or clear them with null' },
  bidRequests: {
    summary: "The client's bid requests, newest first, filtered by step",
    description:
      'An open request (sent, viewed or submitted) whose link no longer works (30 days after its due date, or 90 days after its step is done once its bid is accepted) reads as expired.',
  },
  requestBids: {
    summary: 'Ask trades for their bids on a licensed step',
    description:
      "One request per trade, each emailed its own link /t/{token} (only the token's hash is kept). 400 on tradeIds for a trade that is not the client's or does not do the step, on dueOn outside tomorrow to 60 days ahead, on fileIds for files that are not the client's plans or permits of the step or the whole project; 409 BID_REQUESTED when a trade holds an open request for the step.",
  },
  resendBidRequest: {
    summary: 'Email an open request again with a new link',
    description: 'The old link then answers 410 LINK_GONE; 409 for a request no longer open.',
  },
  withdrawBidRequest: {
    summary: 'Withdraw an open bid request',
    description: 'Its link then answers 410 LINK_GONE; 409 for a request no longer open.',
  },
  scope: { summary: "Each licensed step's scope items, which bids are levelled on" },
  checklists: {
    summary: "The project's checklist of each inspection",
    description:
      "Copied from the city's checklists the first time they are read or ticked; a city's later edits reach the inspections not yet scheduled.",
  },
  tickChecklistItem: {
    summary: 'Tick or untick an item of an inspection’s checklist',
    description:
      'Answers that inspection’s checklist. fileIds (the client’s files of kind photo or inspection) replaces the item’s photos; a photo item cannot be ticked without one (400). 404 for an item not on the checklist.',
  },
  addChangeOrder: {
    summary: 'Propose a change order on a step with an accepted quote',
    description: 'A signed amount in cents (not 0); 409 NO_CONTRACT without an accepted quote.',
  },
  declinePaymentRequest: {
    summary: 'Decline a trade’s payment request',
    description:
      'Only an open request (409 PAYMENT_REQUEST_CLOSED). A request is paid by recording a payment on its draw that covers it.',
  },
  decideChangeOrder: {
    summary: 'Approve or reject a proposed change order',
    description:
      'Approving moves the committed cost and the Balance draw; a decided change order answers 409 CHANGE_ORDER_DECIDED.',
  },
  setTimelineStart: {
    summary: 'Set the project start date',
    description:
      'The first start date saves the baseline; `rebaseline: true` saves the forecast as a new one.',
  },
  setStepStarted: {
    summary: 'Record the day a step started (null to clear it)',
    description: 'Not after today, nor after the day the step was marked done.',
  },
  recordInspection: {
    summary: 'Schedule an inspection, or record that it passed or failed',
    description:
      'A passed or failed date is not after today. 409 INSPECTION_WAITING while the steps the ' +
      'inspection follows are not all done. Every status is kept in its history.',
  },
  answerDateProposal: {
    summary: "Accept a trade's proposed start for its step, or keep the plan",
    description:
      "Accepted, the step's forecast starts no earlier than the proposed day (still after what " +
      'it follows), and so do the steps after it; rejected, the dates stay. Either way the ' +
      "trade is emailed. 404 for another client's proposal, 409 PROPOSAL_ANSWERED once answered.",
  },
  notifications: { summary: 'Which emails the client wants' },
  setNotifications: {
    summary: 'Turn the inspection, step, warranty and trade insurance emails on or off',
  },
  rotateCalendarToken: {
    summary: 'A new secret calendar address (the old one stops working)',
    description: 'Subscribe to the address in a calendar app; it lists every step and inspection.',
  },
  calendarFeed: {
    summary: "The client's calendar (text/calendar, public: the token is the secret)",
    description:
      'One all-day event per step (its forecast span) and per scheduled inspection, with ' +
      'stable UIDs. Answers 404 to an unknown token.',
  },
  unsubscribe: {
    summary: 'Turn off the kind of email an unsubscribe link was sent with (RFC 8058 one-click)',
    description:
      'Public: the token is the secret. Takes a form body (`List-Unsubscribe=One-Click`) or none.',
  },
  unsubscribePage: {
    summary: 'The page an unsubscribe link opens (text/html), with one button to confirm',
  },
  adminFetch: {
    summary: 'Everything the back office shows',
    description: 'Sends an ETag; answers 304 to a matching If-None-Match.',
  },
  editClient: { summary: "Change a client's details, waiting-list status or perk" },
  deleteClient: { summary: 'Delete a client and everything of theirs' },
  createAdmin: { summary: 'Add an admin' },
  editAdmin: { summary: "Change an admin's name or email" },
  deleteAdmin: { summary: 'Remove an admin (never yourself, never the last one)' },
  createCity: { summary: 'Serve a new city' },
  editCity: { summary: "Change a served city's name, state or permit fee" },
  deleteCity: { summary: 'Stop serving a city (its clients lose the builder, keep their pool)' },
  createEngineer: { summary: 'Add an engineer' },
  editEngineer: { summary: "Change an engineer's details" },
  deleteEngineer: { summary: 'Remove an engineer (clients who chose them choose again)' },
  createManager: { summary: 'Add a project manager' },
  editManager: { summary: "Change a project manager's details" },
  deleteManager: { summary: 'Remove a project manager and the requests made to them' },
  editTip: { summary: "Change a stage's design tip" },
  editStage: { summary: "Change a stage's pricing" },
  editBuilderRequest: { summary: "Change a builder request's status" },
  editManagerRequest: { summary: "Change a manager request's status" },
  editSchedule: {
    summary: "Change a step's duration (working days) and wait (calendar days)",
    description: "Every client's forecast follows at once; baselines stay as they were saved.",
  },
  editScope: {
    summary: "Replace a licensed step's scope items",
    description:
      'Items with an id are kept and updated, items left out are deleted, items without an id are added; the order given is kept. 400 when the shares add up to more than 100 or an id is not one of the step’s items; 404 for a step without scope items (pool design, engineering, permits).',
  },
  editChecklist: {
    summary: "Replace a city's checklist of one inspection",
    description:
      'Items with an id are kept, the others added, in the order given; 400 for an id not on the checklist, 404 for an unknown city. Projects of the city whose inspection is not yet scheduled take the new list, keeping the ticks of items kept.',
  },
  threads: {
    summary:
      "The project's 14 threads (Project and each step) with unread counts and the last message",
  },
  threadMessages: {
    summary: "A thread's newest 50 messages before `before` (oldest first)",
    description: 'Reading does not mark the thread read: PUT …/read does.',
  },
  postMessage: {
    summary:
      'Write on a thread; the other participants are emailed (once an hour per thread at most)',
    description: "fileIds name the owner's files (400 otherwise).",
  },
  readThread: { summary: 'Mark a thread read up to now' },
  tradeMessages: { summary: "The trade's step's thread: its newest 50 messages before `before`" },
  postTradeMessage: { summary: "Write on the trade's step's thread" },
  projects: {
    summary: 'Projects: every one for an admin, the assigned ones for a manager, most urgent first',
  },
  project: {
    summary: 'One project read-only: overview, timeline, money, files and trades',
    description: 'A manager reads only a project it is assigned to (404 otherwise).',
  },
  enterQuote: {
    summary: 'Enter a bid a trade phoned in, as a quote on a step (managers only)',
    description: `The quote's enteredBy is the manager's name. ${quoteLimit}`,
  },
  projectThreads: { summary: "A project's threads as its manager (or an admin) reads them" },
  projectMessages: { summary: "A project's thread's newest 50 messages before `before`" },
  postProjectMessage: { summary: "Write on a project's thread (its assigned managers)" },
  readProjectThread: { summary: "Mark a project's thread read up to now" },
}
