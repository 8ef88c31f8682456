import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { fetchStages } from './adapters/stages-api'
import { StagesPage } from './features/stages/stages-page'
import './styles/app.css'

// Composition root: the real adapters are handed to the screens here, fakes in tests.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <StagesPage loadStages={fetchStages} />
  </StrictMode>,
)
