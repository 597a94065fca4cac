// The screens of /admin/nodes, one module for the route table.
export { NodeAddPage, NodeDetailPage, NodeListPage, NodeOverviewPage, NodesPage } from './NodePages.tsx';
export { NodeRobotPage } from './NodeRobotPage.tsx';
export { NodeCryptoPage } from './NodeCryptoPage.tsx';
export { NodeRegistryPage } from './NodeRegistryPage.tsx';
