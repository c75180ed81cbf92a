import { useState } from 'react'
import { RouterProvider, createBrowserRouter } from 'react-router-dom'
import { createStore } from '@/lib/jotai'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'

export function App() {
  const [store] = useState(createStore)
  const [router] = useState(() => createBrowserRouter(routes))
  return (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
