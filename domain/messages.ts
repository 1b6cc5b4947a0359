/** The Italian texts people read (spec §8 and the screens of §2). One place, so wording stays consistent. */
export const messages = {
  welcome: {
    title: 'Benvenuto nel Portale Fondi',
    login: 'Accedi',
    register: 'Registrati',
    intro:
      'Il portale per candidare la tua organizzazione al Fondo Tematico Turismo Sostenibile (TUR) e al Fondo Tematico Piani Urbani Integrati (PUI).',
  },
  auth: {
    loggedIn: 'Accesso effettuato',
    loginFailed: 'Accesso non riuscito',
    sessionExpired: 'La sessione è scaduta: accedi di nuovo.',
    unauthorized: 'Accesso richiesto: effettua di nuovo l\u2019accesso.',
    forbidden: 'Non hai i permessi per questa operazione.',
    invalidCredentials: 'Credenziali non valide',
    registrationNotVerified: 'Registrazione non verificata',
    signingIn: 'Accesso in corso…',
    providerDenied: 'L\u2019accesso non è stato completato. Riprova.',
  },
  notFound: {
    title: 'Pagina non trovata',
    backHome: 'Torna alla home',
    description: 'La pagina che cerchi non esiste o è stata spostata.',
  },
  pages: {
    calls: 'Fondi',
    flowOrganization: 'Collega la tua organizzazione',
    adminPanel: 'Pannello Admin',
    adminOrganizationsTab: 'Gestione organizzazioni',
    adminReportsTab: 'Reportistica',
    noReports: 'Nessun report disponibile',
    adminTabsLabel: 'Sezioni del pannello',
    adminOrganizationsPending: 'L\u2019elenco delle organizzazioni sarà disponibile in una prossima versione del portale.',
  },
  menu: {
    account: 'Account',
    yourOrganization: 'La tua organizzazione',
    adminPanel: 'Pannello Admin',
    logout: 'Esci',
    userMenu: 'Menu utente',
  },
  generic: {
    loading: 'Caricamento in corso…',
    error: 'Errore',
    badRequest: 'La richiesta non è valida.',
    serverError: 'Si è verificato un errore imprevisto. Riprova tra poco.',
    network: 'Impossibile contattare il server. Controlla la connessione e riprova.',
  },
  layout: {
    platformName: 'Portale Fondi',
    skipToContent: 'Vai al contenuto principale',
  },
} as const;
