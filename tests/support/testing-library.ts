import { configure } from '@testing-library/dom'

// The jsdom tests share two cores with the server and browser tests: a screen that answers in
// 100 ms alone can take a second or more there, past `findBy…`'s default of one second. A wait
// that is really missed still fails, after five seconds.
configure({ asyncUtilTimeout: 5_000 })
